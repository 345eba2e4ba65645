import { sql, type SQL } from "drizzle-orm";
import { Zip, ZipDeflate } from "fflate";
import type { Db } from "#server/db/client.ts";
import { queryRows } from "#server/db/rows.ts";
import { csvCell, utf8Bom } from "#shared/csv-export.ts";
import { sourcesFor, type ExportSource, type Exporter } from "./export-sources.ts";

/** The export's format, named in every document; docs/export-format.md describes version 1. */
export const exportFormat = "hearth-export";
export const exportFormatVersion = 1;

/** Rows read per query: a batch is written out before the next one is read. */
export const exportBatchSize = 2000;

/** One batch: each row as PostgreSQL writes it in JSON (`row_to_json`), with its key as text. */
type Batch = { json: string[]; lastKey: string[] };

/**
 * The rows of one table for the exporter, a batch at a time, in primary-key order: each query
 * starts after the last key of the one before (keyset), so no more than a batch is held, and
 * no query reads more than its own batch. PostgreSQL writes each row's JSON, so numbers, dates
 * and times come out the same on PGlite and on PostgreSQL.
 */
export async function* tableBatches(
  db: Db,
  source: ExportSource,
  who: Exporter,
  batchSize = exportBatchSize,
): AsyncGenerator<Batch> {
  const columns = sql.join(
    source.columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  const key = sql.join(
    source.primaryKey.map((name) => sql.identifier(name)),
    sql`, `,
  );
  const keyTexts = sql.join(
    source.primaryKey.map(
      (name, index) => sql`r.${sql.identifier(name)}::text as ${sql.identifier(`k${index}`)}`,
    ),
    sql`, `,
  );
  const keyTypes = source.primaryKey.map(
    (name) => source.columns.find((column) => column.name === name)?.type ?? "text",
  );
  let after: string[] | null = null;
  for (;;) {
    const conditions: SQL[] = [source.scope(who)];
    if (after) {
      const values = sql.join(
        after.map((value, index) => sql`cast(${value} as ${sql.raw(keyTypes[index] ?? "text")})`),
        sql`, `,
      );
      conditions.push(sql`(${key}) > (${values})`);
    }
    const rows = await queryRows<Record<string, string>>(
      db,
      sql`select row_to_json(r)::text as row_json, ${keyTexts}
          from (select ${columns} from ${sql.identifier(source.name)}
                where ${sql.join(conditions, sql` and `)}
                order by ${key} limit ${batchSize}) r
          order by ${sql.join(
            source.primaryKey.map((name) => sql`r.${sql.identifier(name)}`),
            sql`, `,
          )}`,
    );
    if (rows.length === 0) return;
    const last = rows[rows.length - 1] ?? {};
    const lastKey = source.primaryKey.map((_, index) => String(last[`k${index}`]));
    yield { json: rows.map((row) => String(row.row_json)), lastKey };
    if (rows.length < batchSize) return;
    after = lastKey;
  }
}

export type ExportHeader = {
  format: typeof exportFormat;
  version: number;
  exportedAt: string;
  householdId: string;
  exportedBy: { userId: string; memberId: string; role: "owner" | "member" };
};

function header(who: Exporter, now: Date): ExportHeader {
  return {
    format: exportFormat,
    version: exportFormatVersion,
    exportedAt: now.toISOString(),
    householdId: who.householdId,
    exportedBy: { userId: who.userId, memberId: who.memberId, role: who.role },
  };
}

/**
 * The JSON document, as text pieces in order: the header, then each table with its columns,
 * primary key, references and rows (one row per line), then the row counts. Pieces are written
 * as they are read, so the whole never sits in memory.
 */
export async function* exportJson(
  db: Db,
  who: Exporter,
  options: { now?: Date; batchSize?: number } = {},
): AsyncGenerator<string> {
  const head = JSON.stringify(header(who, options.now ?? new Date()));
  // The header's fields, then "tables": the closing brace of the header object is dropped.
  yield `${head.slice(0, -1)},\n"tables":[`;
  const counts: Record<string, number> = {};
  let firstTable = true;
  for (const source of sourcesFor(who)) {
    const meta = JSON.stringify({
      name: source.name,
      area: source.area,
      primaryKey: source.primaryKey,
      columns: source.columns,
      references: source.references,
    });
    yield `${firstTable ? "" : ","}\n${meta.slice(0, -1)},"rows":[`;
    firstTable = false;
    let count = 0;
    for await (const batch of tableBatches(db, source, who, options.batchSize)) {
      yield (count === 0 ? "\n" : ",\n") + batch.json.join(",\n");
      count += batch.json.length;
    }
    counts[source.name] = count;
    yield "]}";
  }
  yield `\n],\n"counts":${JSON.stringify(counts)}}\n`;
}

/** A cell of the CSV from a value of a row's JSON: objects (jsonb) as their JSON text. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return csvCell(value, ",");
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "string") return csvCell(value, ",");
  return csvCell(JSON.stringify(value), ",");
}

/** The CSV file of a table in the zip: `<area>/<table>.csv`. */
export function csvFileName(source: { area: string; name: string }): string {
  return `${source.area}/${source.name}.csv`;
}

/**
 * The zip of CSV files, as byte pieces in order: `export.csv` (format, version, when, whose),
 * then one file per table under its area's folder, a header row of column names and a row per
 * row, comma-separated, UTF-8 with a byte order mark, CRLF. Each batch is deflated and handed
 * on before the next is read (fflate's streaming Zip).
 */
export async function* exportCsvZip(
  db: Db,
  who: Exporter,
  options: { now?: Date; batchSize?: number } = {},
): AsyncGenerator<Uint8Array> {
  const now = options.now ?? new Date();
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else out.push(chunk);
  });
  const encoder = new TextEncoder();
  const drain = function* () {
    if (failure) throw failure;
    while (out.length > 0) {
      const chunk = out.shift();
      if (chunk && chunk.length > 0) yield chunk;
    }
  };
  const addFile = (name: string) => {
    const file = new ZipDeflate(name, { level: 6 });
    file.mtime = now;
    zip.add(file);
    return file;
  };
  const line = (cells: string[]) => `${cells.join(",")}\r\n`;

  const about = addFile("export.csv");
  const head = header(who, now);
  about.push(
    encoder.encode(
      utf8Bom +
        line(["format", "version", "exported_at", "household_id", "user_id", "member_id", "role"]) +
        line(
          [
            head.format,
            String(head.version),
            head.exportedAt,
            head.householdId,
            who.userId,
            who.memberId,
            who.role,
          ].map(cell),
        ),
    ),
    true,
  );
  yield* drain();

  for (const source of sourcesFor(who)) {
    const file = addFile(csvFileName(source));
    file.push(encoder.encode(utf8Bom + line(source.columns.map((column) => cell(column.name)))));
    yield* drain();
    for await (const batch of tableBatches(db, source, who, options.batchSize)) {
      let text = "";
      for (const json of batch.json) {
        const row = JSON.parse(json) as Record<string, unknown>;
        text += line(source.columns.map((column) => cell(row[column.name])));
      }
      file.push(encoder.encode(text));
      yield* drain();
    }
    file.push(new Uint8Array(0), true);
    yield* drain();
  }
  zip.end();
  yield* drain();
}
