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
  CancelPolicyInput,
  CreatePolicyInput,
  PolicyBookingInput,
  UpdatePolicyInput,
} from "#shared/schemas/insurance.schema.ts";

/**
 * The insurance area's reads. Every key starts with "insurance", so one invalidation after a
 * change refreshes the policies and the overview (totals, coverage, what is coming up).
 */
export const insuranceQueries = {
  all: ["insurance"] as const,
  overview: (member: string | null) =>
    queryOptions({
      queryKey: ["insurance", "overview", scopeKey(member)] as const,
      queryFn: () => unwrap(api.insurance.overview.$get({ query: scopeQuery(member) })),
      staleTime: 15_000,
      retry,
    }),
  policies: (member: string | null) =>
    queryOptions({
      queryKey: ["insurance", "policies", scopeKey(member)] as const,
      queryFn: () => unwrap(api.insurance.policies.$get({ query: scopeQuery(member) })),
      staleTime: 15_000,
      retry,
    }),
};

export const useInsuranceOverview = (member: string | null) =>
  useQuery(insuranceQueries.overview(member));
export const usePolicies = (member: string | null) => useQuery(insuranceQueries.policies(member));

/**
 * Everything a policy change moves: the area itself, the dashboard's list of what is due, and
 * what a booked premium makes (its recurring rule and entries, the totals and budgets they feed).
 */
const changedKeys = [
  insuranceQueries.all,
  ["dashboard"],
  ["recurring"],
  ["transactions"],
  ["totals"],
  ["budgets"],
];
const useInsuranceMutation = <TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) =>
  useAreaMutation(changedKeys, mutationFn);

export const useCreatePolicy = () =>
  useInsuranceMutation((input: CreatePolicyInput) =>
    unwrap(api.insurance.policies.$post({ json: input })),
  );

export const useUpdatePolicy = () =>
  useInsuranceMutation(({ id, input }: { id: string; input: UpdatePolicyInput }) =>
    unwrap(api.insurance.policies[":id"].$put({ param: { id }, json: input })),
  );

export const useCancelPolicy = () =>
  useInsuranceMutation(({ id, input }: { id: string; input: CancelPolicyInput }) =>
    unwrap(api.insurance.policies[":id"].cancel.$post({ param: { id }, json: input })),
  );

export const useDeletePolicy = () =>
  useInsuranceMutation((id: string) =>
    noContent(api.insurance.policies[":id"].$delete({ param: { id } })),
  );

export const useBookPremium = () =>
  useInsuranceMutation(({ id, input }: { id: string; input: PolicyBookingInput }) =>
    unwrap(api.insurance.policies[":id"].booking.$post({ param: { id }, json: input })),
  );

export const useUnbookPremium = () =>
  useInsuranceMutation((id: string) =>
    noContent(api.insurance.policies[":id"].booking.$delete({ param: { id } })),
  );
