import { and, eq, notExists, sql } from "drizzle-orm";
import type { Db, Queryable } from "#server/db/client.ts";
import { households, members, profiles } from "#server/db/schema/households.ts";
import { categories } from "#server/db/schema/money.ts";
import { defaultCategories } from "#shared/default-categories.ts";
import type { Language } from "#shared/i18n.ts";

/** The default set of categories for a new household, named in its language. */
export async function createDefaultCategories(
  tx: Queryable,
  householdId: string,
  language: Language,
): Promise<void> {
  await tx.insert(categories).values(
    defaultCategories.map((category) => ({
      householdId,
      kind: category.kind,
      name: category.names[language],
      icon: category.icon,
      color: category.color,
      taxRelevant: category.taxRelevant ?? false,
      healthCare: category.healthCare ?? false,
      defaultKey: category.key,
      customName: false,
    })),
  );
}

/**
 * Gives every household that has no category at all (one made before categories existed) the
 * default set, named in its owner's language. Runs at start; cheap when there is nothing to do.
 */
export async function backfillDefaultCategories(db: Db): Promise<void> {
  const rows = await db
    .select({ id: households.id, language: profiles.preferredLanguage })
    .from(households)
    .leftJoin(
      members,
      and(
        eq(members.householdId, households.id),
        eq(members.role, "owner"),
        eq(members.isHousehold, false),
      ),
    )
    .leftJoin(profiles, eq(profiles.id, members.userId))
    .where(
      notExists(
        db
          .select({ one: sql`1` })
          .from(categories)
          .where(eq(categories.householdId, households.id)),
      ),
    );
  const seen = new Set<string>();
  for (const row of rows) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    await createDefaultCategories(db, row.id, row.language === "nl" ? "nl" : "en");
  }
}
