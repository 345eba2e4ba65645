import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { ApiError, unwrap } from "./api.ts";

/**
 * Pieces every area's queries share (savings, investments, loans): the scope as a query and as a
 * key, when to try again, reading a 204, and a mutation that refreshes the area.
 */

/** The scope as a query: nothing for the household, `member` for one member. */
export const scopeQuery = (member: string | null) => (member ? { member } : {});

/** The scope in a query key. */
export const scopeKey = (member: string | null) => member ?? "household";

/** A refusal (no such row, no Premium) is final; a failure of the network is tried once more. */
export const retryUnlessRefused = (count: number, error: Error) =>
  !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1;

/** A 204 answer: nothing to read, but a failure still becomes an ApiError. */
export async function noContent(response: Promise<Response>): Promise<void> {
  const res = await response;
  if (!res.ok) await unwrap(Promise.resolve(res as never));
}

/**
 * A mutation of an area: its own error handling (`meta.handlesErrors`: no global toast), and
 * every query under `keys` (the area's figures, and what they feed) refreshed afterwards.
 */
export function useAreaMutation<TInput, TResult>(
  keys: readonly QueryKey[],
  mutationFn: (input: TInput) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { handlesErrors: true },
    onSettled: () =>
      Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
