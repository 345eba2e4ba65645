import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "#client/lib/api.ts";
import type { Period } from "./period.ts";

/**
 * The overview's figures of a period for the household (null) or one member. Its key starts
 * with "transactions" so every change of an entry (which invalidates that key) refreshes it.
 */
export const dashboardQueries = {
  overview: (period: Period, member: string | null) =>
    queryOptions({
      queryKey: ["transactions", "dashboard", period.from, period.to, member ?? "household"],
      queryFn: () =>
        unwrap(
          api.dashboard.$get({
            query: { from: period.from, to: period.to, ...(member ? { member } : {}) },
          }),
        ),
      // Fetched on each visit: steps done elsewhere (an invitation, a budget) tick off at once.
      staleTime: 0,
      placeholderData: (previous) => previous,
    }),
};

export const useOverview = (period: Period, member: string | null) =>
  useQuery(dashboardQueries.overview(period, member));
