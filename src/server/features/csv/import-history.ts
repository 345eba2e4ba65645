import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "#server/db/client.ts";
import { imports, transactions } from "#server/db/schema/money.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Viewer } from "#server/middleware/session.ts";
import { isUuid } from "#shared/ids.ts";
import type { Language } from "#shared/i18n.ts";

/**
 * The household's imports (decision 031): the history, undoing an import (its entries
 * soft-deleted, as a delete of entries is, so the monthly roll-ups' triggers keep the figures
 * right) and undoing the undo (exactly the entries the undo removed come back).
 */

/** The history shows this many imports, newest first. */
export const importHistoryLimit = 50;
/** Bad rows shown per import; the reasons are counted over all that were kept. */
const badRowsShown = 50;

export type ImportSummary = {
  id: string;
  fileName: string | null;
  bank: string | null;
  memberId: string | null;
  createdByMemberId: string | null;
  createdAt: string;
  imported: number;
  duplicates: number;
  invalidCount: number;
  /** How many bad rows had each reason (a validation key). */
  reasons: Record<string, number>;
  invalid: { line: number; errors: string[] }[];
  undoneAt: string | null;
};

const notFoundMessage: Record<Language, string> = {
  en: "We could not find this import.",
  nl: "We konden deze import niet vinden.",
};

const importNotFound = (viewer: Viewer) =>
  new AppError("NOT_FOUND", notFoundMessage[viewer.language]);

type ImportRow = typeof imports.$inferSelect;

function summary(row: ImportRow): ImportSummary {
  const reasons: Record<string, number> = {};
  for (const bad of row.invalid) {
    for (const key of bad.errors) reasons[key] = (reasons[key] ?? 0) + 1;
  }
  return {
    id: row.id,
    fileName: row.fileName,
    bank: row.bank,
    memberId: row.memberId,
    createdByMemberId: row.createdByMemberId,
    createdAt: row.createdAt.toISOString(),
    imported: row.imported,
    duplicates: row.duplicates,
    invalidCount: row.invalidCount,
    reasons,
    invalid: row.invalid.slice(0, badRowsShown),
    undoneAt: row.undoneAt ? row.undoneAt.toISOString() : null,
  };
}

export async function listImports(db: Db, viewer: Viewer): Promise<ImportSummary[]> {
  const rows = await db
    .select()
    .from(imports)
    .where(eq(imports.householdId, viewer.householdId))
    .orderBy(desc(imports.createdAt), desc(imports.id))
    .limit(importHistoryLimit);
  return rows.map(summary);
}

/** The household's import, locked for the change; another household's is not found. */
async function lockImport(tx: Tx, viewer: Viewer, id: string): Promise<ImportRow> {
  if (!isUuid(id)) throw importNotFound(viewer);
  const [row] = await tx
    .select()
    .from(imports)
    .where(and(eq(imports.householdId, viewer.householdId), eq(imports.id, id)))
    .for("update");
  if (!row) throw importNotFound(viewer);
  return row;
}

/**
 * Undoes an import: its entries still there are soft-deleted with the undo's time as their
 * `deleted_at`, which is also the import's `undone_at`, so undoing the undo brings back exactly
 * these (not an entry deleted by hand before). Undoing an undone import changes nothing.
 */
export async function undoImport(
  db: Db,
  viewer: Viewer,
  id: string,
): Promise<{ import: ImportSummary; removed: number }> {
  return db.transaction(async (tx) => {
    const row = await lockImport(tx, viewer, id);
    if (row.undoneAt) return { import: summary(row), removed: 0 };
    const now = new Date();
    const removed = await tx
      .update(transactions)
      .set({ deletedAt: now })
      .where(
        and(
          eq(transactions.householdId, viewer.householdId),
          eq(transactions.importId, row.id),
          sql`${transactions.deletedAt} is null`,
        ),
      )
      .returning({ id: transactions.id });
    const [updated] = await tx
      .update(imports)
      .set({ undoneAt: now })
      .where(eq(imports.id, row.id))
      .returning();
    return { import: summary(updated ?? row), removed: removed.length };
  });
}

/**
 * Undoes the undo: the entries the undo removed come back, except one whose row was imported
 * again meanwhile (a live entry holds its hash or its line's), which stays deleted so nothing is
 * there twice.
 */
export async function redoImport(
  db: Db,
  viewer: Viewer,
  id: string,
): Promise<{ import: ImportSummary; restored: number }> {
  return db.transaction(async (tx) => {
    const row = await lockImport(tx, viewer, id);
    if (!row.undoneAt) return { import: summary(row), restored: 0 };
    const restored = await tx
      .update(transactions)
      .set({ deletedAt: null })
      .where(
        and(
          eq(transactions.householdId, viewer.householdId),
          eq(transactions.importId, row.id),
          eq(transactions.deletedAt, row.undoneAt),
          sql`not exists (select 1 from ${transactions} live
            where live.household_id = ${viewer.householdId}::uuid
              and live.import_hash = ${transactions.importHash}
              and live.deleted_at is null)`,
          sql`not exists (select 1 from ${transactions} live
            where live.household_id = ${viewer.householdId}::uuid
              and live.import_line_hash = ${transactions.importLineHash}
              and live.deleted_at is null)`,
        ),
      )
      .returning({ id: transactions.id });
    const [updated] = await tx
      .update(imports)
      .set({ undoneAt: null })
      .where(eq(imports.id, row.id))
      .returning();
    return { import: summary(updated ?? row), restored: restored.length };
  });
}
