import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { queryRows } from "#server/db/rows.ts";
import { households, members } from "#server/db/schema/households.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { Viewer } from "#server/middleware/session.ts";
import { householdOwnedTables } from "#server/features/households/household-owned.ts";
import { getTableName } from "drizzle-orm";
import { exportSources, type ExportColumn, type ExportSource } from "./export-sources.ts";
import { exportFormat, exportFormatVersion } from "./export.service.ts";
import type { RestoreMessages } from "./restore-messages.ts";
import { sqlState } from "#server/db/sql-state.ts";

/**
 * Restoring a household from its JSON export (docs/export-format.md, decision 033): the
 * document's rows go into the caller's own household, which must hold nothing yet, with every
 * id replaced by one derived from the exported household's id, the table and the old id. The
 * same export restored twice in one Hearth would make the same ids, so it is refused.
 */

/** The largest document a restore reads (held in memory while it is checked). */
export const restoreBodyLimit = 100 * 1024 * 1024;

/** Rows inserted per statement. */
const insertBatch = 500;

/** Columns that hold another row's id without a foreign key: restored like a reference. */
const implicitReferences: Record<string, Record<string, string>> = {
  savings_movements: { statement_id: "savings_statements" },
};

const registryNames = new Set(householdOwnedTables.map((owned) => getTableName(owned.table)));

/** The tables a restore writes, in the export's order (each after what it references). */
const restoredSources: ExportSource[] = exportSources.filter((source) =>
  registryNames.has(source.name),
);
const membersSource = exportSources.find((source) => source.name === "members");

type DocumentTable = { name: string; columns?: unknown; rows: unknown[] };
export type RestoreDocument = {
  format: string;
  version: number;
  householdId: string;
  exportedBy: { memberId: string; userId?: string; role?: string };
  tables: DocumentTable[];
  counts?: Record<string, number>;
};

type Row = Record<string, unknown>;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A row's new id: the first half of its old id (so lists that break ties by id keep their
 * order) and a second half from the SHA-1 of the exported household, the table and the old id
 * (so the same export restored twice makes the same ids, and another export other ones).
 */
export function restoredId(exportedHouseholdId: string, table: string, oldId: string): string {
  const hash = createHash("sha1")
    .update(`hearth-restore\u0000${exportedHouseholdId.toLowerCase()}\u0000${table}\u0000${oldId}`)
    .digest();
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const tail = hash.subarray(8, 16).toString("hex");
  const head = oldId.toLowerCase().replaceAll("-", "").slice(0, 16);
  return uuidOfHex(head + tail);
}

/** 32 hexadecimal digits written as a uuid. */
const uuidOfHex = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;

function isValidDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

const integerRange: Record<string, number> = {
  smallint: 32_767,
  integer: 2_147_483_647,
  bigint: Number.MAX_SAFE_INTEGER,
};

/** Whether a value fits a column of the type the schema gives (as `row_to_json` writes it). */
function fitsType(type: string, value: unknown): boolean {
  const limit = integerRange[type];
  if (limit !== undefined)
    return typeof value === "number" && Number.isSafeInteger(value) && Math.abs(value) <= limit;
  if (type === "uuid") return typeof value === "string" && uuidPattern.test(value);
  if (type === "date") return typeof value === "string" && isValidDay(value);
  if (type.startsWith("timestamp"))
    return (
      typeof value === "string" &&
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) &&
      !Number.isNaN(Date.parse(value))
    );
  if (type === "boolean") return typeof value === "boolean";
  if (type === "double precision" || type === "real" || type.startsWith("numeric"))
    return typeof value === "number" && Number.isFinite(value);
  if (type === "jsonb" || type === "json") return true;
  return typeof value === "string" && value.length <= 100_000;
}

/**
 * A value as this version keeps it, from an export an earlier version wrote: an entry's import
 * hashes were 64 hexadecimal digits before migration 0026, and are now their first 128 bits as
 * a uuid (decision 051), so the restored entries still recognise the file they came from. Other
 * text becomes the uuid of its MD5, as the migration does.
 */
function upgradedValue(table: string, column: string, value: unknown): unknown {
  if (
    table !== "transactions" ||
    (column !== "import_hash" && column !== "import_line_hash") ||
    typeof value !== "string" ||
    uuidPattern.test(value)
  )
    return value;
  const hex = /^[0-9a-f]{32}/.test(value)
    ? value.slice(0, 32)
    : createHash("md5").update(value).digest("hex");
  return uuidOfHex(hex);
}

function isRecord(value: unknown): value is Row {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The columns of a table the restore writes: the schema's, where the document has them. */
function restoredColumns(source: ExportSource, table: DocumentTable): ExportColumn[] {
  const declared = Array.isArray(table.columns)
    ? new Set(
        table.columns.map((column) => (isRecord(column) ? String(column.name) : String(column))),
      )
    : null;
  const first = table.rows.find(isRecord);
  return source.columns.filter((column) =>
    declared ? declared.has(column.name) : first ? column.name in first : false,
  );
}

/** Where each reference column of a table points (by table name), the household's column too. */
function referenceTargets(source: ExportSource): Map<string, string> {
  const targets = new Map<string, string>();
  for (const reference of source.references) {
    const [column] = reference.columns;
    if (column && reference.columns.length === 1) targets.set(column, reference.table);
  }
  for (const [column, table] of Object.entries(implicitReferences[source.name] ?? {}))
    targets.set(column, table);
  return targets;
}

class Refusal extends AppError {}

function refuse(message: string): never {
  throw new Refusal("VALIDATION", message);
}

/** The parts of a document a restore reads, checked; every other table and column is ignored. */
function readDocument(document: RestoreDocument, t: RestoreMessages) {
  if (document.format !== exportFormat) refuse(t.notAnExport);
  if (document.version > exportFormatVersion) refuse(t.newerVersion(String(document.version)));
  const byName = new Map<string, DocumentTable>();
  for (const table of document.tables) {
    if (byName.has(table.name)) refuse(t.incomplete(t.twice(table.name)));
    byName.set(table.name, table);
    const count = document.counts?.[table.name];
    if (count !== undefined && count !== table.rows.length)
      refuse(t.incomplete(t.countsDiffer(table.name)));
  }
  const householdRows = (byName.get("households")?.rows ?? []).filter(isRecord);
  const household = householdRows.find((row) => row.id === document.householdId);
  if (!household || householdRows.length !== 1) refuse(t.incomplete(t.missingHousehold));
  const memberRows = (byName.get("members")?.rows ?? []).filter(isRecord);
  const exporter = memberRows.find(
    (row) => row.id === document.exportedBy.memberId && row.is_household !== true,
  );
  const aggregate = memberRows.find((row) => row.is_household === true);
  if (!exporter || !aggregate || memberRows.length !== (byName.get("members")?.rows.length ?? 0))
    refuse(t.incomplete(t.missingMembers));
  return { byName, household, memberRows, exporter, aggregate };
}

type Plan = {
  household: Row;
  /** The new ids of the caller's and the aggregate member rows (they take the document's). */
  exporterMemberId: string;
  aggregateMemberId: string;
  /** When the exporter's and the aggregate member rows were made: the rows taking their place. */
  exporterCreatedAt: string;
  aggregateCreatedAt: string;
  /** Members without an account here, to insert: the document's other people. */
  newMembers: Row[];
  /** Per restored table, its columns and rows with new ids. */
  tables: { source: ExportSource; columns: ExportColumn[]; rows: Row[] }[];
  /** A few new ids to look for: any of them already here means the export was restored. */
  probes: { table: string; id: string }[];
};

/**
 * Checks the whole document before anything is written: format and version, every value of the
 * right type, every reference to a row of the document; and works out every row's new ids.
 */
export function planRestore(
  document: RestoreDocument,
  target: { householdId: string },
  t: RestoreMessages,
): Plan {
  const { byName, household, memberRows, exporter, aggregate } = readDocument(document, t);
  const origin = document.householdId;
  const maps = new Map<string, Map<string, string>>();
  const memberMap = new Map<string, string>();
  maps.set("members", memberMap);
  maps.set("households", new Map([[origin, target.householdId]]));
  const probes: Plan["probes"] = [];

  // Members: the exporter becomes the caller, the aggregate row the household's; the others
  // become people without an account here, named as in the document.
  const newMembers: Row[] = [];
  const memberColumns = membersSource?.columns ?? [];
  memberRows.forEach((row, index) => {
    for (const column of memberColumns) {
      const value = row[column.name];
      if (column.name === "user_id") continue;
      if (value === null || value === undefined) {
        if (column.notNull) refuse(t.badValue("members", index + 1, column.name));
      } else if (!fitsType(column.type, value))
        refuse(t.badValue("members", index + 1, column.name));
    }
    if (row.household_id !== origin)
      refuse(t.missingReference("members", index + 1, "household_id"));
    const oldId = String(row.id);
    if (memberMap.has(oldId)) refuse(t.incomplete(t.twice(`members ${index + 1}`)));
    const id = restoredId(origin, "members", oldId);
    memberMap.set(oldId, id);
    probes.push({ table: "members", id });
    if (row !== exporter && row !== aggregate) {
      newMembers.push({
        id,
        household_id: target.householdId,
        user_id: null,
        name: row.name,
        role: "member",
        is_household: false,
        invitation_status: row.invitation_status === "removed" ? "removed" : "active",
        created_at: row.created_at ?? null,
      });
    }
  });

  // Every table's own ids first, so references can point forwards or at themselves.
  const planned: { source: ExportSource; table: DocumentTable; columns: ExportColumn[] }[] = [];
  for (const source of restoredSources) {
    const table = byName.get(source.name);
    const map = new Map<string, string>();
    maps.set(source.name, map);
    if (!table || table.rows.length === 0) continue;
    const ownId = source.primaryKey.length === 1 && source.primaryKey[0] === "id";
    table.rows.forEach((row, index) => {
      if (!isRecord(row)) refuse(t.badValue(source.name, index + 1, "—"));
      if (!ownId) return;
      const oldId = row.id;
      if (typeof oldId !== "string" || !uuidPattern.test(oldId))
        refuse(t.badValue(source.name, index + 1, "id"));
      if (map.has(oldId)) refuse(t.incomplete(t.twice(`${source.name} ${oldId}`)));
      map.set(oldId, restoredId(origin, source.name, oldId));
    });
    const first = map.values().next();
    if (!first.done) probes.push({ table: source.name, id: first.value });
    planned.push({ source, table, columns: restoredColumns(source, table) });
  }

  const tables: Plan["tables"] = planned.map(({ source, table, columns }) => {
    const targets = referenceTargets(source);
    const rows = table.rows.map((raw, index) => {
      const row = raw as Row;
      const out: Row = {};
      for (const column of columns) {
        const value = upgradedValue(source.name, column.name, row[column.name] ?? null);
        if (value === null) {
          if (column.notNull) refuse(t.badValue(source.name, index + 1, column.name));
          out[column.name] = null;
          continue;
        }
        if (!fitsType(column.type, value)) refuse(t.badValue(source.name, index + 1, column.name));
        const pointsAt = column.name === "id" ? source.name : targets.get(column.name);
        if (pointsAt) {
          const mapped = maps.get(pointsAt)?.get(String(value));
          if (!mapped) refuse(t.missingReference(source.name, index + 1, column.name));
          out[column.name] = mapped;
        } else out[column.name] = value;
      }
      return out;
    });
    if (source.name === "transactions") oneLiveHolderEach(rows);
    return { source, columns, rows };
  });

  return {
    household,
    exporterMemberId: memberMap.get(String(exporter.id)) ?? "",
    aggregateMemberId: memberMap.get(String(aggregate.id)) ?? "",
    exporterCreatedAt: String(exporter.created_at),
    aggregateCreatedAt: String(aggregate.created_at),
    newMembers,
    tables,
    probes,
  };
}

/**
 * At most one live entry of a household holds an import's mapped hash or line (their unique
 * indexes, decisions 051 and 059). A document an earlier version wrote may repeat one (a link
 * could repeat a line): the first live entry in the document keeps it and a later one keeps its
 * row without it, as migration 0027 did in the database.
 */
function oneLiveHolderEach(rows: Row[]): void {
  for (const column of ["import_hash", "import_line_hash"]) {
    const held = new Set<string>();
    for (const row of rows) {
      const value = row[column];
      if (typeof value !== "string" || (row.deleted_at !== null && row.deleted_at !== undefined))
        continue;
      if (held.has(value)) row[column] = null;
      else held.add(value);
    }
  }
}

/** Tables whose rows mean a household already holds data (categories are replaced instead). */
const dataTables = restoredSources.filter((source) => source.name !== "categories");

/**
 * Restores an export into the caller's household, in one transaction: the household must be the
 * caller's, the caller its owner, and it must hold nothing but its default categories and its
 * owner. The household takes the document's name; the categories are replaced by the
 * document's; the rows of every other table are inserted, so the triggers keep the monthly
 * roll-ups as for any entry.
 */
export async function restoreHousehold(
  db: Db,
  viewer: Viewer,
  document: RestoreDocument,
  t: RestoreMessages,
) {
  if (viewer.role !== "owner") throw new AppError("FORBIDDEN", t.ownerOnly);
  const [aggregateRow] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.householdId, viewer.householdId), eq(members.isHousehold, true)));
  if (!aggregateRow) throw new Error("The household has no aggregate member row.");
  const plan = planRestore(document, { householdId: viewer.householdId }, t);

  let current = "households";
  try {
    return await db.transaction(async (tx) => {
      // One restore at a time per household.
      await tx.execute(
        sql`select id from households where id = ${viewer.householdId}::uuid for update`,
      );
      for (const probe of plan.probes) {
        const [found] = await queryRows<{ found: boolean }>(
          tx,
          sql`select exists (select 1 from ${sql.identifier(probe.table)} where id = ${probe.id}::uuid) as found`,
        );
        if (found?.found) throw new AppError("CONFLICT", t.alreadyRestored);
      }
      const [others] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from members
            where household_id = ${viewer.householdId}::uuid and is_household = false
              and id <> ${viewer.memberId}::uuid`,
      );
      if ((others?.n ?? 0) > 0) throw new AppError("CONFLICT", t.notEmpty);
      for (const source of dataTables) {
        const [row] = await queryRows<{ found: boolean }>(
          tx,
          sql`select exists (select 1 from ${sql.identifier(source.name)}
              where household_id = ${viewer.householdId}::uuid) as found`,
        );
        if (row?.found) throw new AppError("CONFLICT", t.notEmpty);
      }

      const name = typeof plan.household.name === "string" ? plan.household.name : null;
      if (name) {
        await tx
          .update(households)
          .set({
            name,
            defaultNameOf:
              typeof plan.household.default_name_of === "string"
                ? plan.household.default_name_of
                : null,
          })
          .where(eq(households.id, viewer.householdId));
      }
      current = "members";
      // The caller and the household's own row take the places of the exporter's and the
      // document's aggregate row: their ids (first halves kept, so ties keep their order) and
      // when they were made (the members' order). Only invitations and the scope picker can
      // point at them in a household without data.
      for (const [from, to, createdAt] of [
        [viewer.memberId, plan.exporterMemberId, plan.exporterCreatedAt],
        [aggregateRow.id, plan.aggregateMemberId, plan.aggregateCreatedAt],
      ] as const) {
        await tx.execute(
          sql`update invitations set invited_by_member_id = null
              where invited_by_member_id = ${from}::uuid`,
        );
        await tx.execute(
          sql`update profiles set scope_member_id = null where scope_member_id = ${from}::uuid`,
        );
        await tx.execute(
          sql`update members set id = ${to}::uuid, created_at = ${createdAt}::timestamptz
              where id = ${from}::uuid`,
        );
      }
      await insertRows(tx, "members", Object.keys(plan.newMembers[0] ?? {}), plan.newMembers);
      current = "categories";
      await tx.execute(
        sql`delete from categories where household_id = ${viewer.householdId}::uuid`,
      );
      const counts: Record<string, number> = {};
      for (const table of plan.tables) {
        current = table.source.name;
        await insertRows(
          tx,
          table.source.name,
          table.columns.map((column) => column.name),
          table.rows,
        );
        counts[table.source.name] = table.rows.length;
      }
      return { counts, members: plan.newMembers.length };
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    const state = sqlState(error);
    // A value or a combination of rows the database refuses (a check, a unique key, a type).
    if (state && (state.startsWith("22") || state.startsWith("23")))
      throw new AppError("VALIDATION", t.rulesBroken(current));
    throw error;
  }
}

/** Inserts rows (objects keyed by column) in batches, PostgreSQL reading each row's JSON. */
async function insertRows(tx: Pick<Db, "execute">, table: string, columns: string[], rows: Row[]) {
  if (rows.length === 0 || columns.length === 0) return;
  const list = sql.join(
    columns.map((column) => sql.identifier(column)),
    sql`, `,
  );
  for (let start = 0; start < rows.length; start += insertBatch) {
    const batch = rows.slice(start, start + insertBatch);
    await tx.execute(
      sql`insert into ${sql.identifier(table)} (${list})
          select ${list} from json_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(batch)}::json)`,
    );
  }
}
