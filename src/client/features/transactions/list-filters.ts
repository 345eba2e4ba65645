import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import {
  listSorts,
  transactionFilterSchema,
  type ListSort,
  type TransactionFilter,
} from "#shared/schemas/transactions.schema.ts";

/** In the URL, `member=household` is the whole household chosen on purpose (no scope default). */
export const householdMember = "household";

const filterKeys = ["q", "from", "to", "kind", "category", "member", "min", "max"] as const;
export type FilterKey = (typeof filterKeys)[number];

/**
 * The list's filter and sort as they stand in the URL (bookmarkable; a reload keeps them).
 * Each parameter is checked on its own, so one bad value does not drop the others. Without a
 * member parameter the scope picker's member filters the list.
 */
export function useListFilters(scopeMemberId: string | null) {
  const [params, setParams] = useSearchParams();

  const { filter, sort, memberParam } = useMemo(() => {
    const result: TransactionFilter = {};
    for (const key of filterKeys) {
      const raw = params.get(key);
      if (raw === null || raw === "") continue;
      const parsed = transactionFilterSchema.shape[key].safeParse(raw);
      if (parsed.success && parsed.data !== undefined)
        Object.assign(result, { [key]: parsed.data });
    }
    const memberParam = params.get("member");
    if (memberParam === householdMember) delete result.member;
    else if (!memberParam && scopeMemberId) result.member = scopeMemberId;
    const rawSort = params.get("sort");
    const sort: ListSort = (listSorts as readonly string[]).includes(rawSort ?? "")
      ? (rawSort as ListSort)
      : "date-desc";
    return { filter: result, sort, memberParam };
  }, [params, scopeMemberId]);

  const update = useCallback(
    (changes: Partial<Record<FilterKey | "sort", string | null>>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === undefined || value === "") next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const clear = useCallback(() => {
    setParams(new URLSearchParams(), { replace: true });
  }, [setParams]);

  /** True when anything narrows the list (the scope member counts too). */
  const narrowed = filterKeys.some((key) => filter[key] !== undefined);

  return { filter, sort, memberParam, update, clear, narrowed };
}
