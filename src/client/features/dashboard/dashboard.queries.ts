import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "#client/lib/api.ts";
import type { Period } from "./period.ts";

/**
 * The overview's figures of a period for the household (null) or one member, as of the person's
 * today. Its key starts
 * with "transactions" so every change of an entry (which invalidates that key) refreshes it.
 */
export const dashboardQueries = {
  overview: (period: Period, member: string | null, day: string) =>
    queryOptions({
      queryKey: ["transactions", "dashboard", period.from, period.to, member ?? "household", day],
      queryFn: () =>
        unwrap(
          api.dashboard.$get({
            query: {
              from: period.from,
              to: period.to,
              today: day,
              ...(member ? { member } : {}),
            },
          }),
        ),
      // Fetched on each visit: steps done elsewhere (an invitation, a budget) tick off at once.
      staleTime: 0,
      placeholderData: (previous) => previous,
    }),
};

/** `day`: the person's today, which tells a period that runs (compared up to today). */
export const useOverview = (period: Period, member: string | null, day: string) =>
  useQuery(dashboardQueries.overview(period, member, day));
