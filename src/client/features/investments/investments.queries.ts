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
  CreatePortfolioInput,
  HoldingInput,
  PriceInput,
  TradeInput,
  UpdatePortfolioInput,
} from "#shared/schemas/investments.schema.ts";
import type { TradeImportSetup } from "#shared/trade-import.ts";

/** How many months the value chart looks back. */
export const historyMonths = 24;

/**
 * The investments area's reads, and net worth's. Every investments key starts with
 * "investments", so one invalidation after a change refreshes the portfolios, a holding, the
 * history; net worth ("net-worth") moves with savings and investments alike.
 */
export const investmentsQueries = {
  all: ["investments"] as const,
  portfolios: (member: string | null) =>
    queryOptions({
      queryKey: ["investments", "portfolios", scopeKey(member)] as const,
      queryFn: () => unwrap(api.investments.portfolios.$get({ query: scopeQuery(member) })),
      staleTime: 15_000,
      retry,
    }),
  holding: (id: string, member: string | null) =>
    queryOptions({
      queryKey: ["investments", "holding", id, scopeKey(member)] as const,
      queryFn: () =>
        unwrap(api.investments.holdings[":id"].$get({ param: { id }, query: scopeQuery(member) })),
      staleTime: 15_000,
      retry,
    }),
  history: (member: string | null, months = historyMonths) =>
    queryOptions({
      queryKey: ["investments", "history", months, scopeKey(member)] as const,
      queryFn: () =>
        unwrap(
          api.investments.history.$get({
            query: { ...scopeQuery(member), months: String(months) },
          }),
        ),
      staleTime: 15_000,
      retry,
    }),
  netWorth: (member: string | null) =>
    queryOptions({
      queryKey: ["net-worth", scopeKey(member)] as const,
      queryFn: () => unwrap(api["net-worth"].$get({ query: scopeQuery(member) })),
      staleTime: 15_000,
      retry,
    }),
};

export const usePortfolios = (member: string | null) =>
  useQuery(investmentsQueries.portfolios(member));
export const useHolding = (id: string, member: string | null) =>
  useQuery(investmentsQueries.holding(id, member));
export const useInvestmentsHistory = (member: string | null) =>
  useQuery(investmentsQueries.history(member));
export const useNetWorth = (member: string | null, enabled = true) =>
  useQuery({ ...investmentsQueries.netWorth(member), enabled });

/** Everything an investments change moves: the area's figures and net worth. */
const changedKeys = [investmentsQueries.all, ["net-worth"]];

/** A mutation of the area: its own error handling, and every figure refreshed afterwards. */
const useInvestmentsMutation = <TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) =>
  useAreaMutation(changedKeys, mutationFn);

export const useCreatePortfolio = () =>
  useInvestmentsMutation((input: CreatePortfolioInput) =>
    unwrap(api.investments.portfolios.$post({ json: input })),
  );

export const useUpdatePortfolio = () =>
  useInvestmentsMutation(({ id, input }: { id: string; input: UpdatePortfolioInput }) =>
    unwrap(api.investments.portfolios[":id"].$put({ param: { id }, json: input })),
  );

export const useDeletePortfolio = () =>
  useInvestmentsMutation((id: string) =>
    noContent(api.investments.portfolios[":id"].$delete({ param: { id } })),
  );

export const useCreateHolding = () =>
  useInvestmentsMutation(({ portfolioId, input }: { portfolioId: string; input: HoldingInput }) =>
    unwrap(
      api.investments.portfolios[":id"].holdings.$post({ param: { id: portfolioId }, json: input }),
    ),
  );

export const useUpdateHolding = () =>
  useInvestmentsMutation(({ id, input }: { id: string; input: HoldingInput }) =>
    unwrap(api.investments.holdings[":id"].$put({ param: { id }, json: input })),
  );

export const useDeleteHolding = () =>
  useInvestmentsMutation((id: string) =>
    noContent(api.investments.holdings[":id"].$delete({ param: { id } })),
  );

export const useAddTrade = () =>
  useInvestmentsMutation(({ holdingId, input }: { holdingId: string; input: TradeInput }) =>
    unwrap(api.investments.holdings[":id"].trades.$post({ param: { id: holdingId }, json: input })),
  );

export const useDeleteTrade = () =>
  useInvestmentsMutation((id: string) =>
    noContent(api.investments.trades[":id"].$delete({ param: { id } })),
  );

export const useAddPrice = () =>
  useInvestmentsMutation(({ holdingId, input }: { holdingId: string; input: PriceInput }) =>
    unwrap(api.investments.holdings[":id"].prices.$post({ param: { id: holdingId }, json: input })),
  );

export const useDeletePrice = () =>
  useInvestmentsMutation((id: string) =>
    noContent(api.investments.prices[":id"].$delete({ param: { id } })),
  );

/** Imports a CSV file's trades into a portfolio; the answer counts what went in and what not. */
export const useImportTrades = () =>
  useInvestmentsMutation(
    ({
      portfolioId,
      text,
      setup,
    }: {
      portfolioId: string;
      text: string;
      setup: TradeImportSetup;
    }) =>
      unwrap(
        api.investments.portfolios[":id"].imports.$post({
          param: { id: portfolioId },
          json: { text, setup },
        }),
      ),
  );
