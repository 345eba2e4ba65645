import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { accountQueries, type Account } from "#client/features/account/account.queries.ts";
import { api, ApiError, unwrap } from "#client/lib/api.ts";

/** Every query of this feature starts with "households", so one call forgets them all. */
export const householdQueries = {
  all: ["households"] as const,
  members: (householdId: string) =>
    queryOptions({
      queryKey: [...householdQueries.all, householdId, "members"] as const,
      queryFn: async () => {
        const { members } = await unwrap(
          api.households[":householdId"].members.$get({ param: { householdId } }),
        );
        return members;
      },
      staleTime: 30_000,
    }),
  invitations: (householdId: string) =>
    queryOptions({
      queryKey: [...householdQueries.all, householdId, "invitations"] as const,
      queryFn: async () => {
        const { invitations } = await unwrap(
          api.households[":householdId"].invitations.$get({ param: { householdId } }),
        );
        return invitations;
      },
      staleTime: 30_000,
    }),
  preview: (token: string) =>
    queryOptions({
      queryKey: ["invitation-preview", token] as const,
      queryFn: () => unwrap(api.invitations.preview.$get({ query: { token } })),
      retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 1,
      staleTime: Infinity,
    }),
};

export type HouseholdMemberRow = Awaited<
  ReturnType<NonNullable<ReturnType<typeof householdQueries.members>["queryFn"]>>
>[number];
export type PendingInvitation = Awaited<
  ReturnType<NonNullable<ReturnType<typeof householdQueries.invitations>["queryFn"]>>
>[number];

/** The people of the household (not the aggregate row), in member order (by `createdAt`). */
export function activePeople(members: readonly HouseholdMemberRow[]): HouseholdMemberRow[] {
  return members
    .filter((member) => !member.isHousehold && member.invitationStatus === "active")
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export function useMembers(account: Account | null | undefined) {
  return useQuery({
    ...householdQueries.members(account?.household.id ?? ""),
    enabled: Boolean(account),
  });
}

/** Pending invitations, newest first: only the owner may read them. */
export function useInvitations(account: Account | null | undefined) {
  return useQuery({
    ...householdQueries.invitations(account?.household.id ?? ""),
    enabled: account?.member.role === "owner",
  });
}

/** Asks the server whether the household has room for one more person. */
export function checkMemberLimit(householdId: string) {
  return unwrap(api["check-household-member-limit"].$post({ json: { householdId } }));
}

export function useSendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; householdId: string }) =>
      unwrap(api["send-invitation"].$post({ json: input })),
    meta: { handlesErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: householdQueries.all }),
  });
}

export function useCancelInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(api.invitations[":id"].$patch({ param: { id }, json: { status: "declined" } })),
    meta: { handlesErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: householdQueries.all }),
  });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(api.members[":id"].$patch({ param: { id }, json: { invitationStatus: "removed" } })),
    meta: { handlesErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: householdQueries.all }),
  });
}

/** The owner hands the household over: the member becomes the owner, the owner a member. */
export function useTransferOwnership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { householdId: string; memberId: string }) =>
      unwrap(
        api.households[":householdId"]["transfer-ownership"].$post({
          param: { householdId: input.householdId },
          json: { memberId: input.memberId },
        }),
      ),
    meta: { handlesErrors: true },
    // Who may manage the household changed: the account (its role) and every list with it.
    onSettled: () => queryClient.invalidateQueries(),
  });
}

export function useRenameHousehold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { householdId: string; name: string }) =>
      unwrap(
        api.households[":householdId"].$patch({
          param: { householdId: input.householdId },
          json: { name: input.name },
        }),
      ),
    meta: { handlesErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountQueries.all }),
  });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationToken: string) =>
      unwrap(api["accept-invitation"].$post({ json: { invitationToken } })),
    meta: { handlesErrors: true },
    // The person now belongs to another household: everything cached is someone else's view.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export function useDeclineInvitation() {
  return useMutation({
    mutationFn: (invitationToken: string) =>
      unwrap(api["decline-invitation"].$post({ json: { invitationToken } })),
    meta: { handlesErrors: true },
  });
}

/** Saves the scope picker's choice (a member, or null for the whole household). */
export function useSetScope() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string | null) => unwrap(api.me.scope.$put({ json: { memberId } })),
    meta: { handlesErrors: true },
    onMutate: async (memberId) => {
      const key = accountQueries.me().queryKey;
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      queryClient.setQueryData(key, (account) =>
        account
          ? { ...account, profile: { ...account.profile, scopeMemberId: memberId } }
          : account,
      );
      return { previous };
    },
    onError: (_error, _memberId, context) => {
      if (context?.previous !== undefined)
        queryClient.setQueryData(accountQueries.me().queryKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries(),
  });
}
