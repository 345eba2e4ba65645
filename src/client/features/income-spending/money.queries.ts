import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "#client/lib/api.ts";
import type { RolloverMode } from "#shared/schemas/budgets.schema.ts";

/**
 * The money screens' reads and writes: totals of a period, budgets of a month, recurring rules,
 * upcoming occurrences and settling up. Keys start with the names the entries feature and the
 * categories invalidate ("totals", "budgets", "recurring", "settle-up", "transactions").
 */
export const moneyQueries = {
  totals: (from: string, to: string, member: string | null) =>
    queryOptions({
      queryKey: ["totals", from, to, member ?? "household"] as const,
      queryFn: () =>
        unwrap(api.totals.$get({ query: { from, to, ...(member ? { member } : {}) } })),
      staleTime: 15_000,
    }),
  budgets: (month: string, member: string | null) =>
    queryOptions({
      queryKey: ["budgets", month, member ?? "household"] as const,
      queryFn: async () => {
        const { budgets } = await unwrap(
          api.budgets.$get({ query: { month, ...(member ? { member } : {}) } }),
        );
        return budgets;
      },
      staleTime: 15_000,
    }),
  rules: (member: string | null) =>
    queryOptions({
      queryKey: ["recurring", "rules", member ?? "household"] as const,
      queryFn: async () => {
        const { rules } = await unwrap(api.recurring.$get({ query: member ? { member } : {} }));
        return rules;
      },
      staleTime: 30_000,
    }),
  upcoming: (days: number, member: string | null) =>
    queryOptions({
      queryKey: ["recurring", "upcoming", days, member ?? "household"] as const,
      queryFn: async () => {
        const { items } = await unwrap(
          api.recurring.upcoming.$get({
            query: { days: String(days), ...(member ? { member } : {}) },
          }),
        );
        return items;
      },
      staleTime: 30_000,
    }),
  settleUp: () =>
    queryOptions({
      queryKey: ["settle-up"] as const,
      queryFn: () => unwrap(api["settle-up"].$get()),
      staleTime: 15_000,
    }),
};

/** Everything whose figures change when money moves. */
const moneyKeys = [["totals"], ["budgets"], ["recurring"], ["settle-up"], ["transactions"]];

export function useInvalidateMoney() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(moneyKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export const useTotals = (from: string, to: string, member: string | null) =>
  useQuery(moneyQueries.totals(from, to, member));
export const useBudgets = (month: string, member: string | null) =>
  useQuery(moneyQueries.budgets(month, member));
export const useRecurringRules = (member: string | null) => useQuery(moneyQueries.rules(member));
export const useUpcoming = (days: number, member: string | null) =>
  useQuery(moneyQueries.upcoming(days, member));
export const useSettleUp = (enabled = true) => useQuery({ ...moneyQueries.settleUp(), enabled });

export function useSetBudget() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (input: {
      categoryId: string;
      memberId: string | null;
      month: string;
      amountCents: number;
      rollover: RolloverMode;
    }) => unwrap(api.budgets.$put({ json: input })),
    meta: { handlesErrors: true },
    onSettled: invalidate,
  });
}

export function useDeleteBudget() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: async (id: string) => {
      const res = await api.budgets[":id"].$delete({ param: { id } });
      if (!res.ok) await unwrap(Promise.resolve(res as never));
    },
    meta: { handlesErrors: true },
    onSettled: invalidate,
  });
}

export function useCopyBudgets() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (input: { fromMonth: string; toMonth: string; memberId: string | null }) =>
      unwrap(api.budgets.copy.$post({ json: input })),
    meta: { handlesErrors: true },
    onSettled: invalidate,
  });
}

export function useStopRule() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (id: string) =>
      unwrap(api.recurring[":id"].stop.$post({ param: { id }, json: {} })),
    meta: { handlesErrors: true },
    onSettled: invalidate,
  });
}

export function useRecordSettlement() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (input: {
      fromMemberId: string;
      toMemberId: string;
      amountCents: number;
      occurredOn: string;
      notes?: string;
    }) => unwrap(api.settlements.$post({ json: input })),
    meta: { handlesErrors: true },
    onSettled: invalidate,
  });
}

/** Changes a settlement's amount, day and notes. */
export function useUpdateSettlement() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: ({
      id,
      input,
    }: {
      id: string;
      input: { amountCents: number; occurredOn: string; notes?: string };
    }) => unwrap(api.settlements[":id"].$patch({ param: { id }, json: input })),
    meta: { handlesErrors: true },
    onSettled: invalidate,
  });
}

/** Brings back an entry just deleted (undo of a settlement's delete). */
export function useRestoreEntry() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: (id: string) => unwrap(api.transactions.restore.$post({ json: { ids: [id] } })),
    meta: { handlesErrors: true },
    onSettled: invalidate,
  });
}

/** Takes back an entry just booked (a settlement recorded by mistake): a soft delete. */
export function useUndoEntry() {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: async (id: string) => {
      const res = await api.transactions[":id"].$delete({ param: { id } });
      if (!res.ok) await unwrap(Promise.resolve(res as never));
    },
    meta: { handlesErrors: true },
    onSettled: invalidate,
  });
}
