import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "#client/lib/api.ts";

export const authQueries = {
  /** What this installation offers (Google sign-in or not); it does not change while running. */
  config: () =>
    queryOptions({
      queryKey: ["config"] as const,
      queryFn: () => unwrap(api.config.$get()),
      staleTime: Infinity,
    }),
};
