import { and, desc, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { Queryable } from "#server/db/client.ts";
import { transactions } from "#server/db/schema/money.ts";
import type { Viewer } from "#server/middleware/session.ts";
import type { MerchantQuery, MerchantSuggestion } from "#shared/schemas/transactions.schema.ts";
import { likePattern } from "./transaction-query.ts";

/**
 * How far back the suggestions look: the household's latest entries, read along the list's
 * date index, so a household with a million entries answers as fast as one with a hundred.
 */
export const merchantWindow = 10_000;

/**
 * The merchant field's suggestions: the merchants (or sources) of the household's entries that
 * contain `q`, ignoring case and spaces around them; those that start with it first, then the
 * most used, then the most recently used. Each carries the spelling and the category of its
 * latest entry (the latest with a category). Every person of the household sees every entry in
 * the list, so every person gets the same suggestions; settlements are not merchants.
 */
export async function merchantSuggestions(
  db: Queryable,
  viewer: Viewer,
  query: MerchantQuery,
): Promise<MerchantSuggestion[]> {
  const text = query.q.trim().toLowerCase();
  const contains = likePattern(text);
  const startsWith = contains.slice(1);
  const recent = db
    .select({
      merchant: transactions.merchant,
      categoryId: transactions.categoryId,
      occurredOn: transactions.occurredOn,
      createdAt: transactions.createdAt,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.householdId, viewer.householdId),
        isNull(transactions.deletedAt),
        query.kind ? eq(transactions.kind, query.kind) : ne(transactions.kind, "settlement"),
      ),
    )
    .orderBy(desc(transactions.occurredOn), desc(transactions.id))
    .limit(merchantWindow)
    .as("recent");
  const key = sql<string>`lower(btrim(${recent.merchant}))`;
  const latestFirst = sql`order by ${recent.occurredOn} desc, ${recent.createdAt} desc`;
  return db
    .select({
      merchant: sql<string>`(array_agg(btrim(${recent.merchant}) ${latestFirst}))[1]`,
      categoryId: sql<
        string | null
      >`((array_agg(${recent.categoryId} ${latestFirst}) filter (where ${recent.categoryId} is not null))[1])::text`,
      uses: sql<number>`count(*)::int`.mapWith(Number),
      lastOn: sql<string>`to_char(max(${recent.occurredOn}), 'YYYY-MM-DD')`,
    })
    .from(recent)
    .where(
      and(
        isNotNull(recent.merchant),
        sql`btrim(${recent.merchant}) <> ''`,
        sql`${key} like ${contains}`,
      ),
    )
    .groupBy(key)
    .orderBy(
      sql`bool_or(${key} like ${startsWith}) desc`,
      sql`count(*) desc`,
      sql`max(${recent.occurredOn}) desc`,
      key,
    )
    .limit(query.limit);
}
