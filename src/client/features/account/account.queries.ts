import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, authApi, unwrap } from "#client/lib/api.ts";

/** The signed-in person, or null when signed out. */
async function fetchAccount() {
  const { account } = await unwrap(api.session.$get());
  return account;
}

export type Account = NonNullable<Awaited<ReturnType<typeof fetchAccount>>>;

export const accountQueries = {
  all: ["account"] as const,
  me: () =>
    queryOptions({
      queryKey: [...accountQueries.all, "me"] as const,
      queryFn: fetchAccount,
      staleTime: 30_000,
    }),
};

export function useAccount() {
  return useQuery(accountQueries.me());
}

/** Ends the session on the server and forgets everything cached for it. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => authApi.signOut(),
    onSuccess: () => {
      queryClient.setQueryData(accountQueries.me().queryKey, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== "account" });
    },
  });
}
