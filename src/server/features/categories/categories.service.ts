import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import type { Db, Queryable } from "#server/db/client.ts";
import {
  budgets,
  categories,
  categoryRules,
  imports,
  recurringRules,
  transactions,
} from "#server/db/schema/money.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Viewer } from "#server/middleware/session.ts";
import type {
  Category,
  CreateCategoryInput,
  EntryKind,
  UpdateCategoryInput,
} from "#shared/schemas/categories.schema.ts";
import { invalidRequestMessage, validationMessages } from "#shared/validation.ts";
import { fieldError } from "#server/features/transactions/entry-references.ts";
import { isUuid } from "#shared/ids.ts";
import { categoryName, categoryNames } from "#shared/default-categories.ts";
import type { Language } from "#shared/i18n.ts";
import { notFound } from "#server/features/transactions/money-messages.ts";

type CategoryRow = typeof categories.$inferSelect;

/** A category as the API answers it, named in the reader's language where it has a default name. */
export function toCategory(row: CategoryRow, language: Language): Category {
  return {
    id: row.id,
    kind: row.kind,
    name: categoryName(row, language),
    icon: row.icon,
    color: row.color,
    taxRelevant: row.taxRelevant,
    healthCare: row.healthCare,
    archived: row.archivedAt !== null,
    defaultKey: row.defaultKey,
  };
}

/** The household's categories, by kind then name (archived ones only when asked for). */
export async function listCategories(
  db: Db,
  viewer: Viewer,
  options: { kind?: EntryKind | undefined; includeArchived?: boolean },
): Promise<Category[]> {
  const rows = await db
    .select()
    .from(categories)
    .where(
      and(
        eq(categories.householdId, viewer.householdId),
        options.kind ? eq(categories.kind, options.kind) : undefined,
        options.includeArchived ? undefined : isNull(categories.archivedAt),
      ),
    )
    .orderBy(asc(categories.kind), sql`lower(${categories.name})`, asc(categories.id));
  return rows
    .map((row) => toCategory(row, viewer.language))
    .sort(
      (a, b) =>
        a.kind.localeCompare(b.kind) ||
        a.name.localeCompare(b.name, viewer.language, { sensitivity: "base" }) ||
        a.id.localeCompare(b.id),
    );
}

/** One category of the viewer's household, locked for the transaction when asked; else 404. */
async function findCategory(
  tx: Queryable,
  viewer: Viewer,
  id: string,
  options: { lock?: boolean } = {},
): Promise<CategoryRow> {
  if (!isUuid(id)) throw notFound(viewer.language, "category");
  const query = tx
    .select()
    .from(categories)
    .where(and(eq(categories.id, id), eq(categories.householdId, viewer.householdId)))
    .limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) throw notFound(viewer.language, "category");
  return row;
}

/** Refuses a name another category of the same kind already has (case-insensitively). */
async function checkNameFree(
  tx: Queryable,
  viewer: Viewer,
  kind: EntryKind,
  name: string,
  exceptId?: string,
) {
  // A default category answers to its default name in every language as well as its own.
  const rows = await tx
    .select()
    .from(categories)
    .where(
      and(
        eq(categories.householdId, viewer.householdId),
        eq(categories.kind, kind),
        exceptId ? ne(categories.id, exceptId) : undefined,
      ),
    );
  const wanted = name.trim().toLowerCase();
  const taken = rows.find((row) =>
    categoryNames(row).some((known) => known.trim().toLowerCase() === wanted),
  );
  if (taken) {
    throw new AppError("CONFLICT", invalidRequestMessage[viewer.language], {
      name: validationMessages[viewer.language].nameTaken,
    });
  }
}

export async function createCategory(
  db: Db,
  viewer: Viewer,
  input: Required<CreateCategoryInput>,
): Promise<Category> {
  return db.transaction(async (tx) => {
    // One at a time per household, so two equal names at once cannot both pass the check.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`categories:${viewer.householdId}`}))`,
    );
    await checkNameFree(tx, viewer, input.kind, input.name);
    const [row] = await tx
      .insert(categories)
      .values({
        householdId: viewer.householdId,
        kind: input.kind,
        name: input.name,
        icon: input.icon,
        color: input.color,
        taxRelevant: input.taxRelevant,
        healthCare: input.healthCare,
      })
      .returning();
    if (!row) throw new Error("category insert returned nothing");
    return toCategory(row, viewer.language);
  });
}

export async function updateCategory(
  db: Db,
  viewer: Viewer,
  id: string,
  input: UpdateCategoryInput,
): Promise<Category> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`categories:${viewer.householdId}`}))`,
    );
    const current = await findCategory(tx, viewer, id, { lock: true });
    if (input.name !== undefined) await checkNameFree(tx, viewer, current.kind, input.name, id);
    const archivedAt =
      input.archived === undefined
        ? current.archivedAt
        : input.archived
          ? (current.archivedAt ?? new Date())
          : null;
    // A new name (not the one the reader sees) is the household's own from now on.
    const renamed =
      input.name !== undefined && input.name !== categoryName(current, viewer.language);
    const [row] = await tx
      .update(categories)
      .set({
        name: renamed ? (input.name ?? current.name) : current.name,
        customName: current.customName || renamed,
        icon: input.icon ?? current.icon,
        color: input.color ?? current.color,
        taxRelevant: input.taxRelevant ?? current.taxRelevant,
        healthCare: input.healthCare ?? current.healthCare,
        archivedAt,
      })
      .where(eq(categories.id, id))
      .returning();
    if (!row) throw notFound(viewer.language, "category");
    return toCategory(row, viewer.language);
  });
}

/**
 * Moves everything of one category into another of the same household and kind, then removes
 * it: every entry (deleted ones too, so undo keeps working) and recurring rule; budgets move,
 * and a budget that meets one of the same member and month in the target is added to it.
 * Answers how many (not deleted) entries moved. Run inside a transaction.
 */
export async function moveCategoryInto(
  tx: Queryable,
  householdId: string,
  sourceId: string,
  targetId: string,
): Promise<number> {
  const moved = await tx
    .update(transactions)
    .set({ categoryId: targetId, updatedAt: new Date() })
    .where(and(eq(transactions.householdId, householdId), eq(transactions.categoryId, sourceId)))
    .returning({ deletedAt: transactions.deletedAt });
  await tx
    .update(recurringRules)
    .set({ categoryId: targetId, updatedAt: new Date() })
    .where(
      and(eq(recurringRules.householdId, householdId), eq(recurringRules.categoryId, sourceId)),
    );
  // Budgets of the same member and month in both: the target's gets the sum.
  await tx.execute(sql`
    update ${budgets} as target
    set amount_cents = target.amount_cents + source.amount_cents, updated_at = now()
    from ${budgets} as source
    where source.household_id = ${householdId} and source.category_id = ${sourceId}
      and target.household_id = ${householdId} and target.category_id = ${targetId}
      and target.member_id = source.member_id and target.month = source.month`);
  await tx.execute(sql`
    delete from ${budgets} as source
    where source.household_id = ${householdId} and source.category_id = ${sourceId}
      and exists (select 1 from ${budgets} as target
        where target.household_id = source.household_id and target.category_id = ${targetId}
          and target.member_id = source.member_id and target.month = source.month)`);
  await tx
    .update(budgets)
    .set({ categoryId: targetId, updatedAt: new Date() })
    .where(and(eq(budgets.householdId, householdId), eq(budgets.categoryId, sourceId)));
  // Category rules follow (decision 037), and imports' default categories with them.
  await tx
    .update(categoryRules)
    .set({ categoryId: targetId })
    .where(and(eq(categoryRules.householdId, householdId), eq(categoryRules.categoryId, sourceId)));
  await tx.execute(sql`
    update ${imports} set default_category_ids = array_replace(default_category_ids, ${sourceId}::uuid, ${targetId}::uuid)
    where household_id = ${householdId} and ${sourceId}::uuid = any(default_category_ids)`);
  await tx
    .delete(categories)
    .where(and(eq(categories.householdId, householdId), eq(categories.id, sourceId)));
  return moved.filter((row) => row.deletedAt === null).length;
}

/** Merges one category of the viewer's household into another of the same kind. */
export async function mergeCategory(
  db: Db,
  viewer: Viewer,
  id: string,
  intoId: string,
): Promise<{ moved: number }> {
  return db.transaction(async (tx) => {
    const source = await findCategory(tx, viewer, id, { lock: true });
    const target = await findCategory(tx, viewer, intoId, { lock: true });
    if (source.id === target.id) throw fieldError(viewer, "intoCategoryId", "mergeIntoSelf");
    if (source.kind !== target.kind) {
      throw fieldError(viewer, "intoCategoryId", "categoryKindMismatch");
    }
    return { moved: await moveCategoryInto(tx, viewer.householdId, source.id, target.id) };
  });
}

/**
 * After two households merged (an invitation accepted with the person's entries brought
 * along): categories of the same kind and default key (Groceries and Boodschappen) or name
 * (case-insensitive, a default's name in any language counting) become one. The one kept is
 * the one that is not archived, then the oldest; the others are merged into it (entries, rules,
 * budgets summed). Answers how many categories were merged away. Run inside the merge's
 * transaction, after the rows were moved.
 */
export async function dedupeCategories(tx: Queryable, householdId: string): Promise<number> {
  const rows = await tx
    .select()
    .from(categories)
    .where(eq(categories.householdId, householdId))
    .orderBy(
      sql`${categories.archivedAt} is not null`,
      asc(categories.createdAt),
      asc(categories.id),
    );
  // A category is known by its default key (whatever language it is named in) and by every
  // name it answers to; the first one met under any of them keeps, the others merge into it.
  const keepers = new Map<string, CategoryRow>();
  let merged = 0;
  for (const row of rows) {
    const keys = [
      ...(row.defaultKey ? [`${row.kind}#${row.defaultKey}`] : []),
      ...categoryNames(row).map((name) => `${row.kind}:${name.trim().toLowerCase()}`),
    ];
    const keeper = keys.map((key) => keepers.get(key)).find((found) => found !== undefined);
    if (!keeper) {
      for (const key of keys) keepers.set(key, row);
      continue;
    }
    await moveCategoryInto(tx, householdId, row.id, keeper.id);
    for (const key of keys) if (!keepers.has(key)) keepers.set(key, keeper);
    merged += 1;
  }
  return merged;
}
