import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from "@tanstack/react-query";
import { api, unwrap } from "#client/lib/api.ts";
import type { EntryKind } from "#shared/schemas/categories.schema.ts";
import type { RecurringRuleInput, EditFollowingInput } from "#shared/schemas/recurring.schema.ts";
import type {
  EntryInput,
  QuickEntryInput,
  TransactionFilter,
  ListSort,
} from "#shared/schemas/transactions.schema.ts";

/** The list's filter as query parameters (no empty values). */
export function filterQuery(filter: TransactionFilter): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value !== undefined && value !== null && value !== "") query[key] = String(value);
  }
  return query;
}

export const pageSize = 100;

export const transactionQueries = {
  all: ["transactions"] as const,
  list: (filter: TransactionFilter, sort: ListSort) =>
    infiniteQueryOptions({
      queryKey: [...transactionQueries.all, "list", filter, sort] as const,
      queryFn: ({ pageParam }) =>
        unwrap(
          api.transactions.$get({
            query: {
              ...filterQuery(filter),
              sort,
              limit: String(pageSize),
              ...(pageParam ? { cursor: pageParam } : {}),
            },
          }),
        ),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
      staleTime: 15_000,
    }),
  summary: (filter: TransactionFilter) =>
    queryOptions({
      queryKey: [...transactionQueries.all, "summary", filter] as const,
      queryFn: () => unwrap(api.transactions.summary.$get({ query: filterQuery(filter) })),
      staleTime: 15_000,
    }),
  one: (id: string) =>
    queryOptions({
      queryKey: [...transactionQueries.all, "one", id] as const,
      queryFn: () => unwrap(api.transactions[":id"].$get({ param: { id } })),
    }),
  /** The merchant field's suggestions for what is typed (the household's own merchants). */
  merchants: (q: string, kind: EntryKind) =>
    queryOptions({
      queryKey: [...transactionQueries.all, "merchants", kind, q] as const,
      queryFn: async () =>
        (await unwrap(api.transactions.merchants.$get({ query: { q, kind, limit: "6" } }))).items,
      staleTime: 60_000,
    }),
  quick: () =>
    queryOptions({
      queryKey: [...transactionQueries.all, "quick"] as const,
      queryFn: async () => (await unwrap(api["quick-entries"].$get())).items,
    }),
};

/** Everything an entry changes: lists, totals, budgets, settling up, recurring series. */
export const moneyKeys = [
  ["transactions"],
  ["totals"],
  ["budgets"],
  ["settle-up"],
  ["recurring"],
] as const;

export function invalidateMoney(queryClient: QueryClient) {
  return Promise.all(moneyKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

function useMoneyMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { handlesErrors: true },
    onSettled: () => invalidateMoney(queryClient),
  });
}

export function useCreateEntry() {
  return useMoneyMutation((input: EntryInput) => unwrap(api.transactions.$post({ json: input })));
}

export function useUpdateEntry() {
  return useMoneyMutation(({ id, input }: { id: string; input: EntryInput }) =>
    unwrap(api.transactions[":id"].$patch({ param: { id }, json: input })),
  );
}

export function useCreateRecurring() {
  return useMoneyMutation((input: RecurringRuleInput) =>
    unwrap(api.recurring.$post({ json: input })),
  );
}

/** "This and all following" of a recurring occurrence. */
export function useEditFollowing() {
  return useMoneyMutation(({ id, input }: { id: string; input: EditFollowingInput }) =>
    unwrap(
      api.recurring.occurrences[":transactionId"].$patch({
        param: { transactionId: id },
        json: input,
      }),
    ),
  );
}

export function useDeleteEntries() {
  return useMoneyMutation((ids: string[]) =>
    unwrap(api.transactions.delete.$post({ json: { ids } })),
  );
}

export function useRestoreEntries() {
  return useMoneyMutation((ids: string[]) =>
    unwrap(api.transactions.restore.$post({ json: { ids } })),
  );
}

export function useQuickEntry() {
  return useMoneyMutation((input: QuickEntryInput) =>
    unwrap(api["quick-entries"].$post({ json: input })),
  );
}
