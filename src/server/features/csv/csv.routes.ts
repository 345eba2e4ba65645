import { createRoute, z } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import type { Db } from "#server/db/client.ts";
import { errorBody } from "#server/lib/app-error.ts";
import { errorResponse as error } from "#server/lib/route-docs.ts";
import { createRouter, requestLanguage } from "#server/lib/router.ts";
import { requireViewer } from "#server/middleware/session.ts";
import { csvDelimiters, type CsvDelimiterName } from "#shared/csv-export.ts";
import { decimalSeparators, importSetupSchema } from "#shared/csv-import.ts";
import { listSorts, transactionFilterSchema } from "#shared/schemas/transactions.schema.ts";
import { invalidRequestMessage, validationMessages } from "#shared/validation.ts";
import { exportTransactions, importBatchSize, importTransactions } from "./csv.service.ts";

const invalid = { 400: error("The request is not valid") };
const signedIn = { 401: error("Not signed in") };

export const exportQuerySchema = transactionFilterSchema.extend({
  sort: z.enum(listSorts).default("date-desc"),
  delimiter: z
    .enum(Object.keys(csvDelimiters) as [CsvDelimiterName, ...CsvDelimiterName[]])
    .default("comma"),
  decimal: z.enum(decimalSeparators).default("dot"),
});

const exportRoute = createRoute({
  method: "get",
  path: "/transactions/export",
  summary: "The list's entries (same filter and sort) as a CSV file (UTF-8 with BOM)",
  request: { query: exportQuerySchema },
  responses: {
    200: {
      description: "The CSV file, headers in the caller's language",
      content: { "text/csv": { schema: z.string() } },
    },
    ...invalid,
    ...signedIn,
  },
});

/** A CSV of 100,000 rows is some 10 MB; JSON escaping adds a little. */
export const importBodyLimit = 25 * 1024 * 1024;

/**
 * An import's body limit: a larger body is the translated 400 a file of too many rows gets, on
 * the `text` field. Shared with the trades' import.
 */
export const limitImportBody = () =>
  bodyLimit({
    maxSize: importBodyLimit,
    onError: (c) => {
      const language = requestLanguage(c);
      return c.json(
        errorBody("VALIDATION", invalidRequestMessage[language], {
          text: validationMessages[language].csvTooLarge,
        }),
        400,
      );
    },
  });

export const importRequestSchema = z.object({
  text: z.string({ error: "csvEmpty" }).max(importBodyLimit, { error: "csvTooLarge" }),
  setup: importSetupSchema,
  /** Whose personal entries the rows become (default: the caller). */
  memberId: z.string().max(100).nullish(),
  fileName: z.string().max(500).nullish(),
  /** The bank's layout the preview recognised (a preset's key), kept in the import's history. */
  bank: z.string().max(60).nullish(),
});

export const importResultSchema = z.object({
  importId: z.string(),
  imported: z.number().int(),
  duplicates: z.number().int(),
  invalid: z.array(z.object({ line: z.number().int(), errors: z.array(z.string()) })),
  createdCategories: z.number().int(),
});

const importRoute = createRoute({
  method: "post",
  path: "/imports",
  summary:
    "Imports a CSV file's good rows (all or none), skipping rows imported before; reports bad rows",
  middleware: [limitImportBody()] as const,
  request: {
    body: { content: { "application/json": { schema: importRequestSchema } }, required: true },
  },
  responses: {
    200: {
      description: "How many rows were imported, already there, or bad (with the reasons)",
      content: { "application/json": { schema: importResultSchema } },
    },
    ...invalid,
    ...signedIn,
  },
});

export function csvRoutes(deps: { db: Db; databaseKind?: "pglite" | "postgres" }) {
  const { db } = deps;
  // The embedded database runs each batch on the server's own thread: smaller batches let other
  // requests in between.
  const batchSize = deps.databaseKind === "pglite" ? 1000 : importBatchSize;
  return createRouter()
    .openapi(exportRoute, async (c) => {
      const viewer = requireViewer(c);
      const query = c.req.valid("query");
      const text = await exportTransactions(db, viewer, query);
      const name = viewer.language === "nl" ? "transacties" : "transactions";
      return c.body(text, 200, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${name}.csv"`,
      });
    })
    .openapi(importRoute, async (c) => {
      const viewer = requireViewer(c);
      return c.json(await importTransactions(db, viewer, c.req.valid("json"), { batchSize }), 200);
    });
}
