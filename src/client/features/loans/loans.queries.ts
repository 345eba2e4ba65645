import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "#client/lib/api.ts";
import {
  noContent,
  retryUnlessRefused as retry,
  scopeKey,
  scopeQuery,
  useAreaMutation,
} from "#client/lib/area-queries.ts";
import type {
  BookingInput,
  CreateLoanInput,
  ExtraRepaymentInput,
  UpdateLoanInput,
  WhatIfInput,
} from "#shared/schemas/loans.schema.ts";

/**
 * The loans area's reads. Every key starts with "loans", so one invalidation after a change
 * refreshes the list and a loan's detail.
 */
export const loansQueries = {
  all: ["loans"] as const,
  list: (member: string | null) =>
    queryOptions({
      queryKey: ["loans", "list", scopeKey(member)] as const,
      queryFn: () => unwrap(api.loans.$get({ query: scopeQuery(member) })),
      staleTime: 15_000,
      retry,
    }),
  loan: (id: string, member: string | null) =>
    queryOptions({
      queryKey: ["loans", "loan", id, scopeKey(member)] as const,
      queryFn: () => unwrap(api.loans[":id"].$get({ param: { id }, query: scopeQuery(member) })),
      staleTime: 15_000,
      retry,
    }),
};

export const useLoans = (member: string | null) => useQuery(loansQueries.list(member));
export const useLoan = (id: string, member: string | null) =>
  useQuery(loansQueries.loan(id, member));

/** What a loan's figures feed: net worth's debts, and what its booked payment makes. */
const fedKeys = [
  ["net-worth"],
  ["recurring"],
  ["transactions"],
  ["totals"],
  ["budgets"],
  ["dashboard"],
];
/** Everything a loan change moves: the area and what it feeds. */
const changedKeys = [loansQueries.all, ...fedKeys];

const useLoansMutation = <TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) =>
  useAreaMutation(changedKeys, mutationFn);

export const useCreateLoan = () =>
  useLoansMutation((input: CreateLoanInput) => unwrap(api.loans.$post({ json: input })));

export const useUpdateLoan = () =>
  useLoansMutation(({ id, input }: { id: string; input: UpdateLoanInput }) =>
    unwrap(api.loans[":id"].$put({ param: { id }, json: input })),
  );

/** Deletes a loan. Its own page is left as it is (asked again, it would be missing) while it moves on. */
export const useDeleteLoan = () =>
  useAreaMutation([["loans", "list"], ...fedKeys], (id: string) =>
    noContent(api.loans[":id"].$delete({ param: { id } })),
  );

export const useAddExtra = () =>
  useLoansMutation(({ loanId, input }: { loanId: string; input: ExtraRepaymentInput }) =>
    unwrap(api.loans[":id"].extras.$post({ param: { id: loanId }, json: input })),
  );

export const useDeleteExtra = () =>
  useLoansMutation((id: string) => noContent(api.loans.extras[":id"].$delete({ param: { id } })));

export const useBookPayment = () =>
  useLoansMutation(({ loanId, input }: { loanId: string; input: BookingInput }) =>
    unwrap(api.loans[":id"].booking.$post({ param: { id: loanId }, json: input })),
  );

export const useUnbookPayment = () =>
  useLoansMutation((loanId: string) =>
    noContent(api.loans[":id"].booking.$delete({ param: { id: loanId } })),
  );

/** "What if we repaid this too?": the server works it out and stores nothing. */
export const useWhatIf = () =>
  useMutation({
    mutationFn: ({ loanId, input }: { loanId: string; input: WhatIfInput }) =>
      unwrap(api.loans[":id"]["what-if"].$post({ param: { id: loanId }, json: input })),
    meta: { handlesErrors: true },
  });
