import { and, eq, gte, inArray, isNull, lte, ne, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { transactions } from "#server/db/schema/money.ts";
import type { Viewer } from "#server/middleware/session.ts";
import { cooperatively } from "#server/lib/cooperative.ts";
import type { ImportSetup } from "#shared/csv-import.ts";
import { fieldError } from "../transactions/entry-references.ts";
import { notFound } from "../transactions/money-messages.ts";
import { categoryKinds, householdCategories, maxImportRows } from "./csv.service.ts";
import { prepareImport } from "./import-prepare.ts";

/**
 * Likely matches (issue 17, item 5): an imported row that is an entry the family typed by hand
 * (same kind and amount, a date at most three days apart, the entry not itself imported) is
 * shown in the preview, which matches in the browser against the entries these routes list. A
 * row the person links is not imported: its typed entry takes the row's identity (its import
 * hashes), so this import and every later one of the same file count the row as already there.
 */

/** Days an imported row's date may be from the typed entry's. */
export const matchDays = 3;
/** The most typed entries a preview gets for one file (a family types far fewer). */
export const maxCandidates = 5000;

export type MatchCandidate = {
  id: string;
  occurredOn: string;
  kind: "income" | "expense";
  amountCents: number;
  merchant: string | null;
  notes: string | null;
};

/** Entries typed by hand (no import, not linked before, live) of the household, in the days. */
export async function listMatchCandidates(
  db: Db,
  viewer: Viewer,
  range: { from: string; to: string },
): Promise<{ items: MatchCandidate[]; truncated: boolean }> {
  const rows = await db
    .select({
      id: transactions.id,
      occurredOn: transactions.occurredOn,
      kind: transactions.kind,
      amountCents: transactions.amountCents,
      merchant: transactions.merchant,
      notes: transactions.notes,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.householdId, viewer.householdId),
        isNull(transactions.importId),
        isNull(transactions.importHash),
        isNull(transactions.deletedAt),
        ne(transactions.kind, "settlement"),
        gte(transactions.occurredOn, range.from),
        lte(transactions.occurredOn, range.to),
      ),
    )
    .orderBy(transactions.occurredOn, transactions.id)
    .limit(maxCandidates + 1);
  const items = rows.slice(0, maxCandidates).map((row) => ({
    ...row,
    kind: row.kind === "income" ? ("income" as const) : ("expense" as const),
  }));
  return { items, truncated: rows.length > maxCandidates };
}

export type LinkRequest = {
  text: string;
  setup: ImportSetup;
  links: readonly { line: number; transactionId: string }[];
};

/**
 * Links rows of a file to entries typed by hand, before the file is imported: the file is read
 * as the import reads it, each linked row's typed entry (the household's, not imported, not
 * linked, of the row's kind and amount, within three days) gets the row's hashes. Another
 * household's entry, or one that does not exist, is a 404; a line that is no good row of the
 * file is a 400. Answers how many entries were linked (an entry that no longer fits is left).
 */
export async function linkTypedEntries(
  db: Db,
  viewer: Viewer,
  request: LinkRequest,
): Promise<{ linked: number }> {
  const { householdId } = viewer;
  const ids = [...new Set(request.links.map((link) => link.transactionId))];
  if (ids.length > 0) {
    const found = await db
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.householdId, householdId), inArray(transactions.id, ids)));
    if (found.length !== ids.length) throw notFound(viewer.language, "transaction");
  }
  const prepared = await prepareImport({
    text: request.text,
    setup: request.setup,
    categoryKinds: categoryKinds(await householdCategories(db, householdId)),
    maxRows: maxImportRows,
  });
  if (!prepared.ok) throw fieldError(viewer, prepared.field, prepared.key);
  const byLine = new Map(prepared.good.map((row, index) => [row.line, index]));
  const pairs = request.links.map((link) => {
    const index = byLine.get(link.line);
    if (index === undefined) throw fieldError(viewer, "links", "invalid");
    return { index, transactionId: link.transactionId };
  });
  const { keys, lineKeys } = await cooperatively(prepared.keys.all());
  let linked = 0;
  const used = new Set<string>();
  for (const { index, transactionId } of pairs) {
    const row = prepared.good[index];
    const hash = keys[index];
    if (!row || !hash || used.has(transactionId)) continue;
    used.add(transactionId);
    const updated = await db
      .update(transactions)
      .set({
        importHash: hash,
        importLineHash: lineKeys[index] ?? null,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(transactions.householdId, householdId),
          eq(transactions.id, transactionId),
          isNull(transactions.importId),
          isNull(transactions.importHash),
          isNull(transactions.deletedAt),
          eq(transactions.kind, row.kind),
          eq(transactions.amountCents, row.amountCents),
          sql`abs(${transactions.occurredOn} - ${row.occurredOn}::date) <= ${matchDays}`,
          // The row is already some live entry's (imported or linked before, by its mapped hash
          // or by its line as written, decision 059): nothing to link.
          sql`not exists (select 1 from ${transactions} t where t.household_id = ${householdId}
                and t.import_hash = ${hash} and t.deleted_at is null)`,
          sql`not exists (select 1 from ${transactions} t where t.household_id = ${householdId}
                and t.import_line_hash = ${lineKeys[index] ?? null}::uuid
                and t.deleted_at is null)`,
        ),
      )
      .returning({ id: transactions.id });
    linked += updated.length;
  }
  return { linked };
}
