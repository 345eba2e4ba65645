import { ApiError, unwrap } from "./api.ts";

/**
 * Pieces every area's queries share (savings, investments): the scope as a query and as a key,
 * when to try again, and reading a 204.
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
