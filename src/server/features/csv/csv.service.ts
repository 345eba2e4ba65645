import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { cooperatively, yieldToOthers } from "#server/lib/cooperative.ts";
import { rowsPerStep, type Steps } from "#shared/steps.ts";
import { sqlState, uniqueViolation } from "#server/db/sql-state.ts";
import { members } from "#server/db/schema/households.ts";
import { categories, imports, transactions, transactionShares } from "#server/db/schema/money.ts";
import type { Viewer } from "#server/middleware/session.ts";
import {
  exportHeader,
  exportKind,
  toCsv,
  utf8Bom,
  type CsvDelimiterName,
} from "#shared/csv-export.ts";
import {
  formatAmount,
  type BadRow,
  type CategoryKinds,
  type DecimalSeparator,
  type ImportRow,
  type ImportSetup,
} from "#shared/csv-import.ts";
import { detectBank } from "#shared/bank-detect.ts";
import { categoryName as nameForReader, categoryNames } from "#shared/default-categories.ts";
import type { ListSort, TransactionFilter } from "#shared/schemas/transactions.schema.ts";
import { checkMembers, fieldError } from "../transactions/entry-references.ts";
import { placeImportRows } from "../category-rules/category-rules.service.ts";
import { matchText } from "#shared/category-rules.ts";
import { importShape } from "#shared/import-shape.ts";
import {
  BatchJsonBuilder,
  canInsertInBulk,
  hasDeletedImports,
  insertImportBatch,
  type BatchJson,
} from "./import-insert.ts";
import { rememberMapping } from "./import-mappings.ts";
import { byDate, prepareImport } from "./import-prepare.ts";
import { listTransactionPage } from "../transactions/transaction-query.ts";
import { inParallel } from "#server/db/parallel.ts";

export const exportPageSize = 1000;
export const importBatchSize = 5000;
/** Batches of one import inserted at the same time (each its own transaction and connection). */
export const importLanes = 2;
export const maxImportRows = 100_000;
/** The history keeps the reasons of this many bad rows of an import (it counts them all). */
export const maxStoredBadRows = 1000;
/**
 * After an import of this many rows the planner's statistics of the entries are refreshed at
 * once: left to autovacuum (10 % of a big shared table must change first), the list's first page
 * right after a 100,000-row import was planned on stale figures and took seconds.
 */
export const analyzeAfterRows = 2_000;
/**
 * The statistics target of that refresh: PostgreSQL samples 300 rows per unit, so 9,000 rows
 * instead of the default's 30,000, and keeps histograms of 30 buckets. In psql on the bench's
 * database of 2,200,000 entries and shares: 180-245 and 90-100 ms at the default, 45 and 38 ms
 * at 30. Autovacuum analyses the tables again at the default once enough rows have changed.
 */
export const analyzeStatisticsTarget = 30;

/**
 * The list's entries (same filter and sort) as CSV text with a BOM, the header in the viewer's
 * language. Read 1000 rows at a time with the list's keyset query, never all at once.
 */
export async function exportTransactions(
  db: Db,
  viewer: Viewer,
  query: TransactionFilter & {
    sort: ListSort;
    delimiter: CsvDelimiterName;
    decimal: DecimalSeparator;
  },
): Promise<string> {
  const { householdId, language } = viewer;
  const [memberRows, categoryRows] = await inParallel(db, [
    () =>
      db
        .select({ id: members.id, name: members.name })
        .from(members)
        .where(eq(members.householdId, householdId)),
    () =>
      db
        .select({
          id: categories.id,
          name: categories.name,
          defaultKey: categories.defaultKey,
          customName: categories.customName,
        })
        .from(categories)
        .where(eq(categories.householdId, householdId)),
  ]);
  const memberName = new Map(memberRows.map((row) => [row.id, row.name]));
  const categoryName = new Map(
    categoryRows.map((row) => [row.id, nameForReader(row, viewer.language)]),
  );
  const filter: TransactionFilter = {
    q: query.q,
    from: query.from,
    to: query.to,
    kind: query.kind,
    category: query.category,
    member: query.member,
    min: query.min,
    max: query.max,
  };
  const parts: string[] = [utf8Bom + toCsv([exportHeader(language)], query)];
  let cursor: string | undefined;
  for (;;) {
    const page = await listTransactionPage(
      db,
      householdId,
      { ...filter, sort: query.sort, cursor, limit: exportPageSize },
      language,
    );
    const rows = page.items.map((item) => {
      const person = item.kind === "income" ? item.receivedByMemberId : item.paidByMemberId;
      const shares =
        item.shares.length > 1
          ? item.shares
              .map(
                (share) =>
                  `${memberName.get(share.memberId) ?? "?"} ${formatAmount(share.amountCents, query.decimal)}`,
              )
              .join(" + ")
          : "";
      return [
        item.occurredOn,
        exportKind(item.kind, language),
        formatAmount(item.amountCents, query.decimal),
        item.categoryId ? (categoryName.get(item.categoryId) ?? "") : "",
        item.merchant,
        item.notes,
        // A settlement: who paid whom ("Bram → Anna").
        item.kind === "settlement"
          ? `${memberName.get(item.paidByMemberId ?? "") ?? "?"} → ${memberName.get(item.receivedByMemberId ?? "") ?? "?"}`
          : person
            ? (memberName.get(person) ?? "")
            : "",
        shares,
      ];
    });
    parts.push(toCsv(rows, query));
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
    await yieldToOthers();
  }
  return parts.join("");
}

export type ImportRequest = {
  text: string;
  setup: ImportSetup;
  memberId?: string | null | undefined;
  fileName?: string | null | undefined;
  /** The bank's layout the preview recognised (a preset's key), if any. */
  bank?: string | null | undefined;
  /** Rows of the file whose entries were deleted by hand go in again (item 5 of issue 17). */
  reimportDeleted?: boolean | null | undefined;
};

export type ImportResult = {
  importId: string;
  imported: number;
  duplicates: number;
  /** Of the duplicates: rows whose entries were deleted by hand (importable on purpose). */
  deletedBefore: number;
  invalid: BadRow[];
  createdCategories: number;
};

/**
 * Imports the good rows of a CSV file as personal entries of one member: the file is read in
 * steps on the server's thread (import-prepare.ts), missing categories are created, rows go in
 * date order in batches of 5,000 rows (each one statement in its own short transaction, two at
 * a time, other requests run in between; import-insert.ts), every row carries the import's id
 * and a hash of its content and place among identical rows, so the same file again adds
 * nothing (counted as duplicates). If a batch fails, the earlier ones are deleted again: all
 * good rows or none. Never silently wrong: an amount column of account or card numbers is
 * refused, and rows in another currency or whose kind disagrees with their category's (the
 * household's categories decide) are bad rows.
 */
export async function importTransactions(
  db: Db,
  viewer: Viewer,
  request: ImportRequest,
  options: { batchSize?: number } = {},
): Promise<ImportResult> {
  const batchSize = options.batchSize ?? importBatchSize;
  const { householdId } = viewer;
  const memberId = request.memberId || viewer.memberId;
  await checkMembers(db, viewer, { memberId });
  const existing = await householdCategories(db, householdId);
  const prepared = await prepareImport({
    text: request.text,
    setup: request.setup,
    categoryKinds: categoryKinds(existing),
    maxRows: maxImportRows,
  });
  if (!prepared.ok) throw fieldError(viewer, prepared.field, prepared.key);
  const { good, bad, keys } = prepared;
  const importId = randomUUID();
  const bank = request.bank?.trim() || detectBank(request.text);
  const createdCategoryIds: string[] = [];
  try {
    // The history's row first: every entry of the import points at it (in the same statement
    // that inserts the entry). Its counts are filled in once the batches are in.
    await db.insert(imports).values({
      id: importId,
      householdId,
      fileName: request.fileName?.trim() || null,
      bank,
      memberId,
      createdByMemberId: viewer.memberId,
    });
    // Rows without a category of their own: a rule's, else the counterparty's last (decision 037).
    const { placed, open } = await placeImportRows(
      db,
      householdId,
      good,
      request.setup.defaultCategory,
    );
    const keyOf = writtenCategoryKeys();
    const categoryIds = await resolveCategories(
      db,
      householdId,
      existing,
      good.filter((_, index) => !placed[index]),
      createdCategoryIds,
      keyOf,
    );
    const lookAmongDeleted = await hasDeletedImports(db, householdId);
    const bulk = await canInsertInBulk(db);
    let imported = 0;
    let deletedBefore = 0;
    // The rows go in by date: each batch then adds to a few months' roll-ups and to one stretch
    // of the list's indexes, so two batches at a time seldom wait for each other's rows, and
    // a file a bank wrote newest first goes in as quickly as one written oldest first.
    const inOrder = byDate(good);
    const keysByDate = keys.byDate();
    // A batch's rows, each with its hashes: made a step at a time on the server's thread, one
    // batch after the other (the keys are numbered in the order they are made), while the
    // database works on the batch before.
    function* batchRows(start: number): Steps<BatchJson> {
      const rows = new BatchJsonBuilder();
      for (const index of inOrder.slice(start, start + batchSize)) {
        if ((rows.count + 1) % rowsPerStep === 0) yield;
        const row = good[index];
        if (!row) continue;
        const { importHash, importLineHash } = keysByDate.of(index);
        rows.add({
          kind: row.kind,
          amountCents: row.amountCents,
          occurredOn: row.occurredOn,
          categoryId: placed[index] ?? categoryIds.get(keyOf(row)) ?? null,
          merchant: row.merchant,
          notes: row.notes,
          importHash,
          importLineHash,
        });
      }
      return rows.finish();
    }
    // Each batch's rows are made once, after the batch before it (their keys are numbered in
    // the order they are made): a lane that takes a batch has the next one made meanwhile, so
    // a lane whose batch is done sends its next one at once (decision 052).
    let made: Promise<unknown> = Promise.resolve();
    const making = new Map<number, Promise<BatchJson>>();
    const rowsOf = (start: number) => {
      let rows = making.get(start);
      if (!rows) {
        rows = made.then(() => cooperatively(batchRows(start)));
        made = rows.catch(() => undefined);
        making.set(start, rows);
      }
      return rows;
    };
    // Whether the batches look each row up among the live entries (see below).
    let lookUpLive = false;
    const insertBatch = async (start: number) => {
      const rows = await rowsOf(start);
      making.delete(start);
      const insert = (onConflict: boolean, lookUp: boolean) =>
        insertImportBatch(db, {
          householdId,
          memberId,
          createdByMemberId: viewer.memberId,
          importId,
          rows,
          reimportDeleted: request.reimportDeleted ?? false,
          lookAmongDeleted,
          bulk,
          onConflict,
          lookUpLive: lookUp,
        });
      // A row the household has live (by its line as written, or by its mapped hash: the same
      // bank reference in another layout) is left to the unique indexes on them, until a batch
      // meets one: that batch fails whole and goes again with the statement's own look-ups, as
      // every batch after it does (decisions 058 and 059). Then only another import of the same
      // rows at the same moment can still put one in first: the batch goes again once more,
      // skipping what conflicts.
      const counts = await insert(false, lookUpLive).catch(async (error: unknown) => {
        if (sqlState(error) !== uniqueViolation) throw error;
        if (!lookUpLive) {
          lookUpLive = true;
          const again = await insert(false, true).catch((second: unknown) => {
            if (sqlState(second) === uniqueViolation) return null;
            throw second;
          });
          if (again) return again;
        }
        return insert(true, true);
      });
      imported += counts.imported;
      deletedBefore += counts.deletedBefore;
    };
    // Two batches at a time, each on its own connection: PostgreSQL works on one while the other
    // travels or waits for its commit. A lane stops taking batches once one has failed; the
    // import is then taken back whole below.
    let next = 0;
    let failed = false;
    const lane = async () => {
      while (!failed && next < good.length) {
        const start = next;
        next += batchSize;
        try {
          const batch = insertBatch(start);
          if (next < good.length) void rowsOf(next);
          await batch;
        } catch (error) {
          failed = true;
          throw error;
        }
        await yieldToOthers();
      }
    };
    const lanes = await Promise.allSettled(
      Array.from({ length: Math.min(importLanes, Math.ceil(good.length / batchSize)) }, lane),
    );
    const failure = lanes.find((result) => result.status === "rejected");
    if (failure) throw failure.reason;
    await db
      .update(imports)
      .set({
        imported,
        duplicates: good.length - imported,
        invalid: bad.slice(0, maxStoredBadRows),
        invalidCount: bad.length,
        // The default categories its rows without one stayed in: "apply rules" may re-file them.
        defaultCategoryIds: [
          ...new Set(
            good.flatMap((row, index) =>
              open[index] && !placed[index] ? [categoryIds.get(keyOf(row)) ?? ""] : [],
            ),
          ),
        ].filter((id) => id !== ""),
      })
      .where(eq(imports.id, importId));
    if (imported >= analyzeAfterRows) {
      // Both tables at once, each on its own connection; of the entries only the columns the
      // list, its filters and the reports plan by (the notes', counterparties' and hashes'
      // statistics take longest to make and change least; autovacuum refreshes them in time).
      // From a sample of 9,000 rows instead of 30,000 (`analyzeStatisticsTarget`).
      const analyse = (statement: SQL) =>
        db.transaction(async (tx) => {
          await tx.execute(
            sql`set local default_statistics_target = ${sql.raw(String(analyzeStatisticsTarget))}`,
          );
          await tx.execute(statement);
        });
      await Promise.all([
        analyse(
          sql`analyze ${transactions} (household_id, occurred_on, amount_cents, category_id, kind,
            deleted_at, import_id)`,
        ),
        analyse(sql`analyze ${transactionShares}`),
      ]);
    }
    // The next file of this shape starts from this mapping (decision 035), when it read rows.
    if (good.length > 0)
      await rememberMapping(db, householdId, importShape(request.text), request.setup, bank);
    return {
      importId,
      imported,
      duplicates: good.length - imported,
      deletedBefore,
      invalid: bad,
      createdCategories: createdCategoryIds.length,
    };
  } catch (error) {
    await compensate(db, householdId, importId, createdCategoryIds);
    throw error;
  }
}

/** The household's categories (archived too), active ones first, then the oldest first. */
export function householdCategories(db: Db, householdId: string) {
  return (
    db
      .select({
        id: categories.id,
        kind: categories.kind,
        name: categories.name,
        defaultKey: categories.defaultKey,
        customName: categories.customName,
      })
      .from(categories)
      .where(eq(categories.householdId, householdId))
      // Active ones first, so an active category wins over an archived one of the same name.
      .orderBy(sql`${categories.archivedAt} is not null`, categories.createdAt)
  );
}
type ExistingCategory = Awaited<ReturnType<typeof householdCategories>>[number];

/** The household's categories by lower-case name, with the kinds each name has. */
export function categoryKinds(rows: readonly ExistingCategory[]): CategoryKinds {
  const kinds = new Map<string, Set<"income" | "expense">>();
  for (const row of rows) {
    for (const known of categoryNames(row)) {
      const name = known.trim().toLowerCase();
      const set = kinds.get(name) ?? new Set();
      set.add(row.kind);
      kinds.set(name, set);
    }
  }
  return kinds;
}

/** Case, accents and spaces do not make another category ("boodschappen " is "Boodschappen"). */
const categoryKey = (row: { kind: string; category: string }) =>
  `${row.kind}|${matchText(row.category)}`;

/**
 * `categoryKey` of rows by their kind and name as written, each name worked out once: 100,000
 * rows of a file hold a few dozen names, and normalising one costs a microsecond.
 */
function writtenCategoryKeys() {
  const keys = { income: new Map<string, string>(), expense: new Map<string, string>() };
  return (row: { kind: "income" | "expense"; category: string }) => {
    let key = keys[row.kind].get(row.category);
    if (key === undefined) {
      key = categoryKey(row);
      keys[row.kind].set(row.category, key);
    }
    return key;
  };
}

/**
 * The category id of each kind+name of the rows: an existing one of the household (archived
 * too, names compared without case, accents or extra spaces), else a new one (its id added to
 * `created`).
 */
async function resolveCategories(
  db: Db,
  householdId: string,
  existing: readonly ExistingCategory[],
  rows: readonly ImportRow[],
  created: string[],
  keyOf: (row: ImportRow) => string,
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  // A default category answers to its default name in every language ("Boodschappen" in a
  // household started in English) and to its own.
  for (const row of existing) {
    for (const name of categoryNames(row)) {
      const key = categoryKey({ kind: row.kind, category: name });
      if (!ids.has(key)) ids.set(key, row.id);
    }
  }
  const missing = new Map<string, { kind: "income" | "expense"; name: string }>();
  for (const row of rows) {
    const key = keyOf(row);
    if (!ids.has(key) && !missing.has(key))
      missing.set(key, { kind: row.kind, name: row.category.trim() });
  }
  if (missing.size === 0) return ids;
  const inserted = await db
    .insert(categories)
    .values([...missing.values()].map((value) => ({ householdId, ...value })))
    .returning({ id: categories.id, kind: categories.kind, name: categories.name });
  for (const row of inserted) {
    created.push(row.id);
    ids.set(categoryKey({ kind: row.kind, category: row.name }), row.id);
  }
  return ids;
}

/** Takes back a failed import: its rows, then the categories it created. */
async function compensate(
  db: Db,
  householdId: string,
  importId: string,
  createdCategoryIds: readonly string[],
) {
  await db
    .delete(transactions)
    .where(and(eq(transactions.householdId, householdId), eq(transactions.importId, importId)));
  await db
    .delete(imports)
    .where(and(eq(imports.householdId, householdId), eq(imports.id, importId)));
  if (createdCategoryIds.length > 0) {
    await db
      .delete(categories)
      .where(
        and(
          eq(categories.householdId, householdId),
          inArray(categories.id, [...createdCategoryIds]),
        ),
      );
  }
}
