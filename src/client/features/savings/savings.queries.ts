import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "#client/lib/api.ts";
import {
  noContent,
  retryUnlessRefused as retry,
  scopeKey,
  scopeQuery,
  useAreaMutation,
} from "#client/lib/area-queries.ts";
import type {
  AddMovementInput,
  AddRateInput,
  AddStatementInput,
  CreateAccountInput,
  GoalInput,
  UpdateAccountInput,
} from "#shared/schemas/savings.schema.ts";

/** How many months the balance chart looks back. */
export const historyMonths = 24;

/**
 * The savings area's reads. Every key starts with "savings", so one invalidation after a
 * change refreshes accounts, an account's detail, the history, the goals and the suggestion.
 */
export const savingsQueries = {
  all: ["savings"] as const,
  accounts: (member: string | null) =>
    queryOptions({
      queryKey: ["savings", "accounts", scopeKey(member)] as const,
      queryFn: () => unwrap(api.savings.accounts.$get({ query: scopeQuery(member) })),
      staleTime: 15_000,
      retry,
    }),
  account: (id: string, member: string | null) =>
    queryOptions({
      queryKey: ["savings", "account", id, scopeKey(member)] as const,
      queryFn: () =>
        unwrap(api.savings.accounts[":id"].$get({ param: { id }, query: scopeQuery(member) })),
      staleTime: 15_000,
      retry,
    }),
  history: (member: string | null, months = historyMonths) =>
    queryOptions({
      queryKey: ["savings", "history", months, scopeKey(member)] as const,
      queryFn: () =>
        unwrap(
          api.savings.history.$get({
            query: { ...scopeQuery(member), months: String(months) },
          }),
        ),
      staleTime: 15_000,
      retry,
    }),
  goals: (member: string | null) =>
    queryOptions({
      queryKey: ["savings", "goals", scopeKey(member)] as const,
      queryFn: async () => {
        const { goals } = await unwrap(api.savings.goals.$get({ query: scopeQuery(member) }));
        return goals;
      },
      staleTime: 15_000,
      retry,
    }),
  emergency: (member: string | null) =>
    queryOptions({
      queryKey: ["savings", "emergency", scopeKey(member)] as const,
      queryFn: () =>
        unwrap(api.savings["emergency-suggestion"].$get({ query: scopeQuery(member) })),
      staleTime: 60_000,
      retry,
    }),
};

export const useSavingsAccounts = (member: string | null, enabled = true) =>
  useQuery({ ...savingsQueries.accounts(member), enabled });
export const useSavingsAccount = (id: string, member: string | null) =>
  useQuery(savingsQueries.account(id, member));
export const useSavingsHistory = (member: string | null) =>
  useQuery(savingsQueries.history(member));
export const useGoals = (member: string | null) => useQuery(savingsQueries.goals(member));
export const useEmergencySuggestion = (member: string | null, enabled: boolean) =>
  useQuery({ ...savingsQueries.emergency(member), enabled });

/** Everything a savings change moves: the area's figures and the dashboard's overview. */
const changedKeys = [
  savingsQueries.all,
  ["transactions", "dashboard"],
  ["dashboard"],
  ["net-worth"],
];

/** A mutation of the area: its own error handling, and every figure refreshed afterwards. */
const useSavingsMutation = <TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) =>
  useAreaMutation(changedKeys, mutationFn);

export const useCreateAccount = () =>
  useSavingsMutation((input: CreateAccountInput) =>
    unwrap(api.savings.accounts.$post({ json: input })),
  );

export const useUpdateAccount = () =>
  useSavingsMutation(({ id, input }: { id: string; input: UpdateAccountInput }) =>
    unwrap(api.savings.accounts[":id"].$put({ param: { id }, json: input })),
  );

export const useDeleteAccount = () =>
  useSavingsMutation((id: string) =>
    noContent(api.savings.accounts[":id"].$delete({ param: { id } })),
  );

export const useAddRate = () =>
  useSavingsMutation(({ accountId, input }: { accountId: string; input: AddRateInput }) =>
    unwrap(api.savings.accounts[":id"].rates.$post({ param: { id: accountId }, json: input })),
  );

export const useDeleteRate = () =>
  useSavingsMutation((id: string) =>
    noContent(api.savings.rates[":id"].$delete({ param: { id } })),
  );

export const useAddMovement = () =>
  useSavingsMutation(({ accountId, input }: { accountId: string; input: AddMovementInput }) =>
    unwrap(api.savings.accounts[":id"].movements.$post({ param: { id: accountId }, json: input })),
  );

export const useDeleteMovement = () =>
  useSavingsMutation((id: string) =>
    noContent(api.savings.movements[":id"].$delete({ param: { id } })),
  );

export const useAddStatement = () =>
  useSavingsMutation(({ accountId, input }: { accountId: string; input: AddStatementInput }) =>
    unwrap(api.savings.accounts[":id"].statements.$post({ param: { id: accountId }, json: input })),
  );

export const useDeleteStatement = () =>
  useSavingsMutation((id: string) =>
    noContent(api.savings.statements[":id"].$delete({ param: { id } })),
  );

/** Books a statement's difference as a correction movement (answers the movement). */
export const useBookStatement = () =>
  useSavingsMutation((id: string) =>
    unwrap(api.savings.statements[":id"].book.$post({ param: { id } })),
  );

export const useCreateGoal = () =>
  useSavingsMutation((input: GoalInput) => unwrap(api.savings.goals.$post({ json: input })));

export const useUpdateGoal = () =>
  useSavingsMutation(({ id, input }: { id: string; input: GoalInput }) =>
    unwrap(api.savings.goals[":id"].$put({ param: { id }, json: input })),
  );

export const useDeleteGoal = () =>
  useSavingsMutation((id: string) =>
    noContent(api.savings.goals[":id"].$delete({ param: { id } })),
  );
