import { useQuery } from "@tanstack/react-query";
import { Link2Icon } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { api, unwrap } from "#client/lib/api.ts";
import { useLanguage } from "#client/lib/use-language.ts";
import type { ImportRow } from "#shared/csv-import.ts";
import { addDays, daysBetween, type IsoDate } from "#shared/dates.ts";
import { formatMoney } from "#shared/money.ts";
import { importQueries } from "./imports.queries.ts";
import { formatDate } from "./transaction-row.tsx";

/**
 * Likely matches at import (issue 17, item 5): a row of the file that is an entry typed by hand
 * (same kind and amount, dates at most three days apart, the entry not imported itself) is shown
 * above the preview's rows, to link instead of double: linked, the row is not imported and the
 * typed entry takes its identity (POST /api/imports/links, before the import), so the file
 * imported again adds nothing either. Linking is the default; each match can be unticked.
 */

const matchDays = 3;

type Candidate = {
  id: string;
  occurredOn: string;
  kind: "income" | "expense";
  amountCents: number;
  merchant: string | null;
  notes: string | null;
};

export type ImportLink = { line: number; transactionId: string };
export type LikelyMatch = { row: ImportRow; entry: Candidate };

/** Each row's closest typed entry of its kind and amount within three days, each entry once. */
export function findLikelyMatches(
  rows: readonly ImportRow[],
  candidates: readonly Candidate[],
): LikelyMatch[] {
  const byAmount = new Map<string, Candidate[]>();
  for (const entry of candidates) {
    const key = `${entry.kind}|${entry.amountCents}`;
    byAmount.set(key, [...(byAmount.get(key) ?? []), entry]);
  }
  const used = new Set<string>();
  const matches: LikelyMatch[] = [];
  for (const row of rows) {
    let best: { entry: Candidate; days: number } | null = null;
    for (const entry of byAmount.get(`${row.kind}|${row.amountCents}`) ?? []) {
      if (used.has(entry.id)) continue;
      const days = Math.abs(daysBetween(entry.occurredOn as IsoDate, row.occurredOn as IsoDate));
      if (days <= matchDays && (!best || days < best.days)) best = { entry, days };
    }
    if (best) {
      used.add(best.entry.id);
      matches.push({ row, entry: best.entry });
    }
  }
  return matches;
}

const noRows: readonly ImportRow[] = [];

/** The file's likely matches and which of them the person links (all, until unticked). */
export function useLikelyMatches(rows: readonly ImportRow[] | undefined) {
  const good = rows ?? noRows;
  const range = useMemo(() => {
    if (good.length === 0) return null;
    let from = good[0]?.occurredOn ?? "";
    let to = from;
    for (const row of good) {
      if (row.occurredOn < from) from = row.occurredOn;
      if (row.occurredOn > to) to = row.occurredOn;
    }
    return {
      from: addDays(from as IsoDate, -matchDays),
      to: addDays(to as IsoDate, matchDays),
    };
  }, [good]);
  const candidates = useQuery({
    queryKey: [...importQueries.all, "likely-matches", range?.from, range?.to] as const,
    queryFn: async () =>
      unwrap(
        api.imports["likely-matches"].$get({
          query: { from: range?.from ?? "", to: range?.to ?? "" },
        }),
      ),
    enabled: range !== null,
    staleTime: 15_000,
  });
  const matches = useMemo(
    () => findLikelyMatches(good, candidates.data?.items ?? []),
    [good, candidates.data],
  );
  const [unlinked, setUnlinked] = useState<ReadonlySet<number>>(new Set());
  const links: ImportLink[] = matches
    .filter((match) => !unlinked.has(match.row.line))
    .map((match) => ({ line: match.row.line, transactionId: match.entry.id }));
  const toggle = (line: number) =>
    setUnlinked((current) => {
      const next = new Set(current);
      if (next.has(line)) next.delete(line);
      else next.add(line);
      return next;
    });
  return { matches, links, unlinked, toggle };
}

export type LikelyMatches = ReturnType<typeof useLikelyMatches>;

/** Links the chosen rows to their typed entries, before the file is imported. */
export async function linkTypedEntries(input: {
  text: string;
  setup: Parameters<typeof api.imports.links.$post>[0]["json"]["setup"];
  links: ImportLink[];
}): Promise<number> {
  if (input.links.length === 0) return 0;
  return (await unwrap(api.imports.links.$post({ json: input }))).linked;
}

/** The preview's list of likely matches, each with its "link" box. */
export function LikelyMatchList({ likely }: { likely: LikelyMatches }) {
  const { t } = useTranslation("entries");
  const language = useLanguage();
  if (likely.matches.length === 0) return null;
  return (
    <section
      className="grid gap-2 rounded-lg border border-sky-300/60 bg-sky-50 p-3 text-sm text-sky-950 dark:border-sky-400/30 dark:bg-sky-400/10 dark:text-sky-50"
      data-testid="import-matches"
    >
      <h4 className="flex items-center gap-2 font-medium">
        <Link2Icon className="size-4 shrink-0" aria-hidden="true" />
        {t("import.matches.title", { count: likely.matches.length })}
      </h4>
      <p>{t("import.matches.intro")}</p>
      <ul className="grid gap-2">
        {likely.matches.map(({ row, entry }) => (
          <li key={row.line} data-testid="import-match">
            <label className="flex items-start gap-2">
              <input
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-primary"
                checked={!likely.unlinked.has(row.line)}
                onChange={() => likely.toggle(row.line)}
              />
              <span className="min-w-0 [overflow-wrap:anywhere]">
                {t("import.matches.row", {
                  date: formatDate(row.occurredOn, language),
                  amount: formatMoney(row.amountCents, language),
                  name: row.merchant ?? row.notes ?? "—",
                  typedDate: formatDate(entry.occurredOn, language),
                  typedName: entry.merchant ?? entry.notes ?? "—",
                })}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}
