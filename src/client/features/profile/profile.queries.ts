import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { accountQueries } from "#client/features/account/account.queries.ts";
import { api, authApi, unwrap } from "#client/lib/api.ts";
import type { UpdateProfileInput } from "#shared/schemas/profile.schema.ts";

export const profileQueries = {
  all: ["profile"] as const,
  mine: () =>
    queryOptions({
      queryKey: [...profileQueries.all, "mine"] as const,
      queryFn: () => unwrap(api.profile.$get()),
      staleTime: 30_000,
    }),
};

export type Profile = Awaited<
  ReturnType<NonNullable<ReturnType<typeof profileQueries.mine>["queryFn"]>>
>;

export function useProfile() {
  return useQuery(profileQueries.mine());
}

/** After a change the sidebar (the account) shows the new name and picture too. */
function useRefresh() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: profileQueries.all }),
      queryClient.invalidateQueries({ queryKey: accountQueries.all }),
      // Member lists (sidebar, household tab) show names and pictures as well.
      queryClient.invalidateQueries({ queryKey: ["households"] }),
    ]);
  };
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: (input: UpdateProfileInput) => unwrap(api.profile.$patch({ json: input })),
    onSuccess: async (saved) => {
      queryClient.setQueryData(profileQueries.mine().queryKey, saved);
      await refresh();
    },
  });
}

export function useUploadAvatar() {
  const refresh = useRefresh();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: (file: File) => unwrap(api.profile.avatar.$post({ form: { file } })),
    onSuccess: refresh,
  });
}

export function useDeleteAvatar() {
  const refresh = useRefresh();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: () => unwrap(api.profile.avatar.$delete()),
    onSuccess: refresh,
  });
}

export function useChangePassword() {
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      authApi.changePassword(input),
  });
}
