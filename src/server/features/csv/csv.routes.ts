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
import { listImports, redoImport, undoImport } from "./import-history.ts";
import { importShapePattern } from "#shared/import-shape.ts";
import { findMapping } from "./import-mappings.ts";

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
  /** Rows whose entries were deleted by hand since an earlier import go in again. */
  reimportDeleted: z.boolean().nullish(),
});

export const importResultSchema = z.object({
  importId: z.string(),
  imported: z.number().int(),
  duplicates: z.number().int(),
  /** Of the duplicates: rows whose entries were deleted by hand (reimportDeleted imports them). */
  deletedBefore: z.number().int(),
  invalid: z.array(z.object({ line: z.number().int(), errors: z.array(z.string()) })),
  createdCategories: z.number().int(),
});

export const importRoute = createRoute({
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

const importSummarySchema = z.object({
  id: z.string(),
  fileName: z.string().nullable(),
  bank: z.string().nullable(),
  memberId: z.string().nullable(),
  createdByMemberId: z.string().nullable(),
  createdAt: z.string(),
  imported: z.number().int(),
  duplicates: z.number().int(),
  invalidCount: z.number().int(),
  reasons: z.record(z.string(), z.number().int()),
  invalid: z.array(z.object({ line: z.number().int(), errors: z.array(z.string()) })),
  undoneAt: z.string().nullable(),
});

const notFound = { 404: error("No such import in the caller's household") };
const idParamSchema = z.object({ id: z.string() });

const historyRoute = createRoute({
  method: "get",
  path: "/imports",
  summary: "The household's imports, newest first (the last 50): counts, bad rows' reasons, undone",
  responses: {
    200: {
      description: "The imports",
      content: {
        "application/json": { schema: z.object({ items: z.array(importSummarySchema) }) },
      },
    },
    ...signedIn,
  },
});

const undoRoute = createRoute({
  method: "post",
  path: "/imports/{id}/undo",
  summary: "Undoes an import: its entries are deleted (undo: POST /imports/{id}/redo)",
  request: { params: idParamSchema },
  responses: {
    200: {
      description: "The import and how many entries were removed",
      content: {
        "application/json": {
          schema: z.object({ import: importSummarySchema, removed: z.number().int() }),
        },
      },
    },
    ...signedIn,
    ...notFound,
  },
});

const redoRoute = createRoute({
  method: "post",
  path: "/imports/{id}/redo",
  summary: "Undoes an import's undo: the entries it removed come back",
  request: { params: idParamSchema },
  responses: {
    200: {
      description: "The import and how many entries came back",
      content: {
        "application/json": {
          schema: z.object({ import: importSummarySchema, restored: z.number().int() }),
        },
      },
    },
    ...signedIn,
    ...notFound,
  },
});

const mappingRoute = createRoute({
  method: "get",
  path: "/imports/mappings/{shape}",
  summary:
    "The mapping the household last imported a file of this shape with (shared/import-shape.ts), or none",
  request: {
    params: z.object({ shape: z.string().regex(importShapePattern, { error: "invalid" }) }),
  },
  responses: {
    200: {
      description: "The remembered setup and bank, or null",
      content: {
        "application/json": {
          schema: z.object({
            mapping: z
              .object({
                setup: importSetupSchema,
                bank: z.string().nullable(),
                updatedAt: z.string(),
              })
              .nullable(),
          }),
        },
      },
    },
    ...invalid,
    ...signedIn,
  },
});

export function csvRoutes(deps: { db: Db }) {
  const { db } = deps;
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
      return c.json(
        await importTransactions(db, viewer, c.req.valid("json"), { batchSize: importBatchSize }),
        200,
      );
    })
    .openapi(mappingRoute, async (c) => {
      const viewer = requireViewer(c);
      return c.json({ mapping: await findMapping(db, viewer, c.req.valid("param").shape) }, 200);
    })
    .openapi(historyRoute, async (c) => {
      const viewer = requireViewer(c);
      return c.json({ items: await listImports(db, viewer) }, 200);
    })
    .openapi(undoRoute, async (c) => {
      const viewer = requireViewer(c);
      return c.json(await undoImport(db, viewer, c.req.valid("param").id), 200);
    })
    .openapi(redoRoute, async (c) => {
      const viewer = requireViewer(c);
      return c.json(await redoImport(db, viewer, c.req.valid("param").id), 200);
    });
}
