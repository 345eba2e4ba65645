import { createRoute, z } from "@hono/zod-openapi";
import type { Db } from "#server/db/client.ts";
import { errorResponse as error } from "#server/lib/route-docs.ts";
import { createRouter } from "#server/lib/router.ts";
import { requireViewer } from "#server/middleware/session.ts";
import { importSetupSchema } from "#shared/csv-import.ts";
import { isoDateSchema } from "#shared/schemas/transactions.schema.ts";
import { limitImportBody, importRequestSchema } from "./csv.routes.ts";
import { linkTypedEntries, listMatchCandidates } from "./import-matches.ts";

const candidatesRoute = createRoute({
  method: "get",
  path: "/imports/likely-matches",
  summary:
    "Entries typed by hand (not imported, not linked) in the days of a file, for the preview's likely matches",
  request: { query: z.object({ from: isoDateSchema, to: isoDateSchema }) },
  responses: {
    200: {
      description: "The entries (at most 5,000; truncated says when there were more)",
      content: {
        "application/json": {
          schema: z.object({
            items: z.array(
              z.object({
                id: z.string(),
                occurredOn: z.string(),
                kind: z.enum(["income", "expense"]),
                amountCents: z.number().int(),
                merchant: z.string().nullable(),
                notes: z.string().nullable(),
              }),
            ),
            truncated: z.boolean(),
          }),
        },
      },
    },
    400: error("The request is not valid"),
    401: error("Not signed in"),
  },
});

export const linkRoute = createRoute({
  method: "post",
  path: "/imports/links",
  summary:
    "Links rows of a file to entries typed by hand: the rows are then already there when the file is imported",
  middleware: [limitImportBody()] as const,
  request: {
    body: {
      content: {
        "application/json": {
          schema: z.object({
            text: importRequestSchema.shape.text,
            setup: importSetupSchema,
            links: z
              .array(
                z.object({
                  line: z.number().int().min(1),
                  transactionId: z.uuid({ error: "invalid" }),
                }),
              )
              .max(10_000),
          }),
        },
      },
      required: true,
    },
  },
  responses: {
    200: {
      description: "How many typed entries were linked",
      content: { "application/json": { schema: z.object({ linked: z.number().int() }) } },
    },
    400: error("The request is not valid"),
    401: error("Not signed in"),
    404: error("An entry is not the household's"),
  },
});

export function importMatchRoutes(deps: { db: Db }) {
  const { db } = deps;
  return createRouter()
    .openapi(candidatesRoute, async (c) => {
      const viewer = requireViewer(c);
      return c.json(await listMatchCandidates(db, viewer, c.req.valid("query")), 200);
    })
    .openapi(linkRoute, async (c) => {
      const viewer = requireViewer(c);
      return c.json(await linkTypedEntries(db, viewer, c.req.valid("json")), 200);
    });
}
