import { and, eq, inArray } from "drizzle-orm";
import type { Queryable } from "#server/db/client.ts";
import { members } from "#server/db/schema/households.ts";
import { categories } from "#server/db/schema/money.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Viewer } from "#server/middleware/session.ts";
import type { EntryKind } from "#shared/schemas/categories.schema.ts";
import {
  invalidRequestMessage,
  validationMessages,
  type ValidationKey,
} from "#shared/validation.ts";
import { isUuid } from "#shared/ids.ts";

/** A VALIDATION error for one field, in the viewer's language. */
export function fieldError(viewer: Viewer, field: string, key: ValidationKey): AppError {
  return new AppError("VALIDATION", invalidRequestMessage[viewer.language], {
    [field]: validationMessages[viewer.language][key],
  });
}

/**
 * The category of an entry: it must be the household's (another household's answers like a
 * missing one: 404), of the entry's kind, and not archived unless the entry already had it.
 */
export async function checkCategory(
  tx: Queryable,
  viewer: Viewer,
  categoryId: string,
  kind: EntryKind,
  options: { allowArchivedId?: string | null } = {},
) {
  const [category] = isUuid(categoryId)
    ? await tx
        .select()
        .from(categories)
        .where(and(eq(categories.id, categoryId), eq(categories.householdId, viewer.householdId)))
        .limit(1)
    : [];
  if (!category) throw fieldError(viewer, "categoryId", "categoryRequired");
  if (category.kind !== kind) throw fieldError(viewer, "categoryId", "categoryKindMismatch");
  if (category.archivedAt && options.allowArchivedId !== category.id) {
    throw fieldError(viewer, "categoryId", "categoryArchived");
  }
  return category;
}

/**
 * Members named by an entry (whose it is, who paid or received, who shares): each must be an
 * active person of the viewer's household (not the aggregate row). `known` lists members that
 * may stay although no longer active (an old entry keeps the people it had).
 */
export async function checkMembers(
  tx: Queryable,
  viewer: Viewer,
  fields: Record<string, string | null | undefined>,
  options: { known?: readonly string[] } = {},
) {
  const ids = [...new Set(Object.values(fields).filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return;
  const rows = await tx
    .select({ id: members.id, status: members.invitationStatus, isHousehold: members.isHousehold })
    .from(members)
    .where(
      and(
        eq(members.householdId, viewer.householdId),
        inArray(
          members.id,
          ids.filter((id) => isUuid(id)),
        ),
      ),
    );
  const usable = new Set(
    rows
      .filter(
        (row) =>
          !row.isHousehold && (row.status === "active" || options.known?.includes(row.id) === true),
      )
      .map((row) => row.id),
  );
  for (const [field, id] of Object.entries(fields)) {
    if (id && !usable.has(id)) throw fieldError(viewer, field, "memberUnknown");
  }
}
