import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Queryable } from "#server/db/client.ts";
import { queryRows } from "#server/db/rows.ts";
import { categories, categoryRules, imports, transactions } from "#server/db/schema/money.ts";
import type { Viewer } from "#server/middleware/session.ts";
import { fieldError } from "#server/features/transactions/entry-references.ts";
import { notFound } from "#server/features/transactions/money-messages.ts";
import {
  categoryChooser,
  categoryFinder,
  counterpartyKey,
  matchText,
  ruleMatcher,
  type MatchableRule,
} from "#shared/category-rules.ts";
import type { ImportRow } from "#shared/csv-import.ts";
import { isUuid } from "#shared/ids.ts";
import type {
  CategoryPreview,
  CategoryPreviewInput,
  CategoryRule,
  CreateCategoryRuleInput,
  UpdateCategoryRuleInput,
} from "#shared/schemas/category-rules.schema.ts";
import { inParallel } from "#server/db/parallel.ts";

type RuleRow = typeof categoryRules.$inferSelect;

const toRule = (row: RuleRow): CategoryRule => ({
  id: row.id,
  field: row.field,
  pattern: row.pattern,
  categoryId: row.categoryId,
  position: row.position,
});

/** One household's rules change one at a time (positions stay 0, 1, 2, ... without gaps). */
const lockRules = (tx: Queryable, householdId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`category-rules:${householdId}`}))`);

/** The household's rules, in their order. */
export async function listRules(db: Queryable, viewer: Viewer): Promise<CategoryRule[]> {
  const rows = await db
    .select()
    .from(categoryRules)
    .where(eq(categoryRules.householdId, viewer.householdId))
    .orderBy(asc(categoryRules.position), asc(categoryRules.createdAt));
  return rows.map(toRule);
}

/** A rule's category: the household's (another household's is an unknown one), not archived. */
async function checkRuleCategory(tx: Queryable, viewer: Viewer, categoryId: string) {
  const [category] = await tx
    .select({ id: categories.id, archivedAt: categories.archivedAt })
    .from(categories)
    .where(and(eq(categories.id, categoryId), eq(categories.householdId, viewer.householdId)))
    .limit(1);
  if (!category) throw fieldError(viewer, "categoryId", "categoryRequired");
  if (category.archivedAt) throw fieldError(viewer, "categoryId", "categoryArchived");
}

/** Renumbers the rules 0, 1, 2, ... in the given order. */
async function renumber(tx: Queryable, householdId: string, ids: readonly string[]) {
  if (ids.length === 0) return;
  const values = sql.join(
    ids.map((id, index) => sql`(${id}::uuid, ${index}::int)`),
    sql`, `,
  );
  await tx.execute(sql`
    update ${categoryRules} r set position = v.position
    from (values ${values}) as v(id, position)
    where r.id = v.id and r.household_id = ${householdId}::uuid`);
}

export async function createRule(
  db: Db,
  viewer: Viewer,
  input: Required<CreateCategoryRuleInput>,
): Promise<CategoryRule> {
  return db.transaction(async (tx) => {
    await lockRules(tx, viewer.householdId);
    await checkRuleCategory(tx, viewer, input.categoryId);
    const existing = await listRules(tx, viewer);
    const [row] = await tx
      .insert(categoryRules)
      .values({
        householdId: viewer.householdId,
        field: input.field,
        pattern: input.pattern.trim(),
        categoryId: input.categoryId,
        position: input.first ? 0 : existing.length,
      })
      .returning();
    if (!row) throw new Error("No rule row.");
    if (input.first) {
      await renumber(tx, viewer.householdId, [row.id, ...existing.map((rule) => rule.id)]);
      return { ...toRule(row), position: 0 };
    }
    return toRule(row);
  });
}

async function findRule(tx: Queryable, viewer: Viewer, id: string): Promise<RuleRow> {
  if (!isUuid(id)) throw notFound(viewer.language, "rule");
  const [row] = await tx
    .select()
    .from(categoryRules)
    .where(and(eq(categoryRules.id, id), eq(categoryRules.householdId, viewer.householdId)))
    .limit(1);
  if (!row) throw notFound(viewer.language, "rule");
  return row;
}

export async function updateRule(
  db: Db,
  viewer: Viewer,
  id: string,
  input: UpdateCategoryRuleInput,
): Promise<CategoryRule> {
  return db.transaction(async (tx) => {
    await lockRules(tx, viewer.householdId);
    await findRule(tx, viewer, id);
    if (input.categoryId !== undefined) await checkRuleCategory(tx, viewer, input.categoryId);
    const changes = {
      ...(input.field !== undefined ? { field: input.field } : {}),
      ...(input.pattern !== undefined ? { pattern: input.pattern.trim() } : {}),
      ...(input.categoryId !== undefined ? { categoryId: input.categoryId } : {}),
    };
    if (Object.keys(changes).length > 0) {
      await tx
        .update(categoryRules)
        .set(changes)
        .where(and(eq(categoryRules.id, id), eq(categoryRules.householdId, viewer.householdId)));
    }
    if (input.position !== undefined) {
      const ids = (await listRules(tx, viewer))
        .map((rule) => rule.id)
        .filter((ruleId) => ruleId !== id);
      ids.splice(Math.min(input.position, ids.length), 0, id);
      await renumber(tx, viewer.householdId, ids);
    }
    return toRule(await findRule(tx, viewer, id));
  });
}

export async function deleteRule(db: Db, viewer: Viewer, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockRules(tx, viewer.householdId);
    await findRule(tx, viewer, id);
    await tx
      .delete(categoryRules)
      .where(and(eq(categoryRules.id, id), eq(categoryRules.householdId, viewer.householdId)));
    const rest = await listRules(tx, viewer);
    await renumber(
      tx,
      viewer.householdId,
      rest.map((rule) => rule.id),
    );
  });
}

/** The rules as the matcher takes them (their category's kind; archived categories left out). */
export async function matchableRules(db: Queryable, householdId: string): Promise<MatchableRule[]> {
  const rows = await db
    .select({
      id: categoryRules.id,
      field: categoryRules.field,
      pattern: categoryRules.pattern,
      categoryId: categoryRules.categoryId,
      kind: categories.kind,
    })
    .from(categoryRules)
    .innerJoin(categories, eq(categories.id, categoryRules.categoryId))
    .where(and(eq(categoryRules.householdId, householdId), isNull(categories.archivedAt)))
    .orderBy(asc(categoryRules.position), asc(categoryRules.createdAt));
  return rows;
}

/**
 * What the household's own entries teach (decision 037): for each counterparty of `merchants`,
 * by kind, the category of the latest live entry with it (by date, then when it was made).
 * Entries an import put in its default category teach nothing, nor do archived categories.
 * Answers a map by `counterpartyKey`.
 */
export async function learnedCategories(
  db: Queryable,
  householdId: string,
  merchants: Iterable<string | null>,
): Promise<Map<string, string>> {
  const wanted = new Set<string>();
  for (const merchant of merchants) {
    const text = merchant?.trim().toLowerCase();
    if (text) wanted.add(text);
  }
  const learned = new Map<string, string>();
  if (wanted.size === 0) return learned;
  const rows = await queryRows<{
    kind: "income" | "expense";
    merchant: string;
    category_id: string;
  }>(
    db,
    sql`
      select distinct on (t.kind, lower(btrim(t.merchant)))
          t.kind, t.merchant, t.category_id
        from ${transactions} t
        join ${categories} c on c.id = t.category_id and c.archived_at is null
        left join ${imports} i on i.id = t.import_id
        where t.household_id = ${householdId}::uuid
          and t.deleted_at is null
          and t.kind in ('income', 'expense')
          and lower(btrim(t.merchant)) in (
            select jsonb_array_elements_text(${JSON.stringify([...wanted])}::jsonb))
          and (i.id is null or not (t.category_id = any(i.default_category_ids)))
        order by t.kind, lower(btrim(t.merchant)), t.occurred_on desc, t.created_at desc`,
  );
  for (const row of rows) {
    const key = counterpartyKey(row.kind, row.merchant);
    if (!learned.has(key)) learned.set(key, row.category_id);
  }
  return learned;
}

/** The household's categories (archived too), active ones first, then the oldest first. */
export function householdCategories(db: Queryable, householdId: string) {
  return db
    .select({
      id: categories.id,
      kind: categories.kind,
      name: categories.name,
      defaultKey: categories.defaultKey,
      customName: categories.customName,
    })
    .from(categories)
    .where(eq(categories.householdId, householdId))
    .orderBy(sql`${categories.archivedAt} is not null`, categories.createdAt);
}

/**
 * The import's preview: where each shown row goes by a rule or by the household's past entries,
 * and which of the file's category names are a category the household has (look-alikes too)
 * and which would be created.
 */
export async function previewCategories(
  db: Db,
  viewer: Viewer,
  input: CategoryPreviewInput,
): Promise<CategoryPreview> {
  const [rules, learned, existing] = await inParallel(db, [
    () => matchableRules(db, viewer.householdId),
    () =>
      learnedCategories(
        db,
        viewer.householdId,
        input.rows.map((row) => row.merchant ?? null),
      ),
    () => householdCategories(db, viewer.householdId),
  ]);
  const find = categoryFinder(existing);
  const choose = categoryChooser({ rules, learned });
  return {
    rows: input.rows.map((row) => {
      const choice = choose({
        kind: row.kind,
        merchant: row.merchant ?? null,
        notes: row.notes ?? null,
      });
      return {
        categoryId: choice?.categoryId ?? null,
        source: choice?.source ?? null,
        ruleId: choice?.ruleId ?? null,
      };
    }),
    names: input.names
      .filter((entry) => matchText(entry.name) !== "")
      .map((entry) => ({
        kind: entry.kind,
        name: entry.name,
        categoryId: find(entry.kind, entry.name) ?? null,
      })),
  };
}

/** Entries are re-filed in pieces of this many (one update statement each). */
const applyBatch = 1000;

/**
 * Applies the rules to the household's existing income and expenses that have no category of
 * their own: none at all, or the default category their import put them in (decision 037). An
 * entry someone filed by hand, or whose file named its category, stays where it is. Answers how
 * many entries changed category.
 */
export async function applyRules(db: Db, viewer: Viewer): Promise<{ changed: number }> {
  const { householdId } = viewer;
  const rules = await matchableRules(db, householdId);
  if (rules.length === 0) return { changed: 0 };
  const open = sql`(t.category_id is null or exists (
      select 1 from ${imports} i
      where i.id = t.import_id and t.category_id = any(i.default_category_ids)))`;
  const rows = await queryRows<{
    id: string;
    kind: "income" | "expense";
    merchant: string | null;
    notes: string | null;
    category_id: string | null;
  }>(
    db,
    sql`select t.id, t.kind, t.merchant, t.notes, t.category_id from ${transactions} t
        where t.household_id = ${householdId}::uuid and t.deleted_at is null
          and t.kind in ('income', 'expense')
          and (t.merchant is not null or t.notes is not null)
          and ${open}`,
  );
  const match = ruleMatcher(rules);
  const byCategory = new Map<string, string[]>();
  for (const row of rows) {
    const rule = match(row);
    if (!rule || rule.categoryId === row.category_id) continue;
    const ids = byCategory.get(rule.categoryId) ?? [];
    ids.push(row.id);
    byCategory.set(rule.categoryId, ids);
  }
  let changed = 0;
  for (const [categoryId, ids] of byCategory) {
    for (let start = 0; start < ids.length; start += applyBatch) {
      const piece = ids.slice(start, start + applyBatch);
      // The same conditions again: an entry filed by hand meanwhile stays where it was put.
      const updated = await db
        .update(transactions)
        .set({ categoryId })
        .where(
          and(
            eq(transactions.householdId, householdId),
            inArray(transactions.id, piece),
            isNull(transactions.deletedAt),
            sql`(${transactions.categoryId} is null or exists (
              select 1 from ${imports} i
              where i.id = ${transactions.importId}
                and ${transactions.categoryId} = any(i.default_category_ids)))`,
          ),
        )
        .returning({ id: transactions.id });
      changed += updated.length;
    }
  }
  return { changed };
}

/**
 * Where an import's rows without a category of their own go (decision 037): a row whose category
 * is the setup's default (no category column, or an empty cell) gets the first matching rule's
 * category, else the one the household used last with its counterparty. Answers, per row, the
 * category id it was placed in (null: the file's category or the default stays), and whether the
 * row was one without a category of its own.
 */
export async function placeImportRows(
  db: Queryable,
  householdId: string,
  rows: readonly ImportRow[],
  defaultCategory: string | null | undefined,
): Promise<{ placed: (string | null)[]; open: boolean[] }> {
  const fallback = matchText(defaultCategory ?? "");
  const open = rows.map((row) => fallback !== "" && matchText(row.category) === fallback);
  if (!open.includes(true)) return { placed: rows.map(() => null), open };
  const [rules, learned, existing] = await inParallel(db, [
    () => matchableRules(db, householdId),
    () =>
      learnedCategories(
        db,
        householdId,
        rows.filter((_, index) => open[index]).map((row) => row.merchant),
      ),
    () => householdCategories(db, householdId),
  ]);
  // What an older import left in the default category (before imports kept their defaults)
  // teaches nothing: such a row stays a default row, for "apply rules" to find later.
  const find = categoryFinder(existing);
  const defaults = new Set(
    (["income", "expense"] as const).flatMap((kind) => find(kind, defaultCategory ?? "") ?? []),
  );
  const choose = categoryChooser({ rules, learned });
  const placed = rows.map((row, index) => {
    if (!open[index]) return null;
    const choice = choose(row);
    if (!choice || (choice.source === "learned" && defaults.has(choice.categoryId))) return null;
    return choice.categoryId;
  });
  return { placed, open };
}
