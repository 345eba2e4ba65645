import { createRoute, z } from "@hono/zod-openapi";
import type { Db } from "#server/db/client.ts";
import { chooseEncoding, varyOnAcceptEncoding } from "#server/lib/content-encoding.ts";
import { errorResponse as error } from "#server/lib/route-docs.ts";
import { createRouter } from "#server/lib/router.ts";
import { requireViewer } from "#server/middleware/session.ts";
import { householdIdParamSchema } from "#shared/schemas/households.schema.ts";
import { assertOwnHousehold, messagesFor } from "#server/features/households/households.service.ts";
import { exportCsvZip, exportJson } from "./export.service.ts";
import type { Logger } from "#server/lib/logger.ts";
import { bodyLimit } from "hono/body-limit";
import { errorBody } from "#server/lib/app-error.ts";
import { requestLanguage } from "#server/lib/router.ts";
import { restoreMessages } from "./restore-messages.ts";
import { restoreBodyLimit, restoreHousehold } from "./restore.service.ts";

export const exportFormats = ["json", "csv"] as const;

export const exportQuerySchema = z.object({
  /** json: one document (docs/export-format.md); csv: a zip of CSV files, one per table. */
  format: z.enum(exportFormats).default("json"),
});

const exportRoute = createRoute({
  method: "get",
  path: "/households/{householdId}/export",
  summary:
    "Everything of the household the caller may see, streamed: one JSON document " +
    "(format=json, docs/export-format.md) or a zip of CSV files per area (format=csv)",
  request: { params: householdIdParamSchema, query: exportQuerySchema },
  responses: {
    200: {
      description:
        "The export as a download (Content-Disposition: attachment), written while it is read; " +
        "the owner's holds the invitations too; the caller's own account and profile only",
      content: {
        "application/json": { schema: z.string() },
        "application/zip": { schema: z.string().openapi({ format: "binary" }) },
      },
    },
    400: error("The request is not valid"),
    401: error("Not signed in"),
    404: error("Not the caller's household"),
  },
});

/**
 * A byte stream that reads its source only as fast as the reader takes it (pull), and stops
 * reading when the reader goes away. A failure half-way errors the stream, so the download
 * breaks instead of ending as a file that looks whole.
 */
function pullStream(
  pieces: AsyncGenerator<string | Uint8Array>,
  logger: Logger,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await pieces.next();
        if (next.done) controller.close();
        else
          controller.enqueue(
            typeof next.value === "string" ? encoder.encode(next.value) : next.value,
          );
      } catch (cause) {
        logger.error("export failed while streaming", { error: cause });
        controller.error(cause);
      }
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
}

function day(now: Date) {
  return now.toISOString().slice(0, 10);
}

/** The JSON export read back: what a restore checks first; rows are checked by the service. */
export const restoreDocumentSchema = z
  .object({
    format: z.string().max(100),
    version: z.number().int().min(1),
    householdId: z.string().max(100),
    exportedBy: z
      .object({
        memberId: z.string().max(100),
        userId: z.string().max(200).optional(),
        role: z.string().max(20).optional(),
      })
      .passthrough(),
    tables: z
      .array(
        z
          .object({
            name: z.string().max(200),
            columns: z.array(z.unknown()).optional(),
            rows: z.array(z.unknown()),
          })
          .passthrough(),
      )
      .max(1000),
    counts: z.record(z.string(), z.number()).optional(),
  })
  .passthrough()
  .openapi("RestoreDocument");

export const restoreRoute = createRoute({
  method: "post",
  path: "/households/{householdId}/restore",
  summary:
    "Restores a JSON export (docs/export-format.md) into the caller's household, which must hold " +
    "no data yet: every row gets a new id, the exporter's place is the caller's, other people " +
    "become members without an account; one transaction, at most 100 MB",
  middleware: [
    bodyLimit({
      maxSize: restoreBodyLimit,
      onError: (c) => {
        const language = requestLanguage(c);
        return c.json(
          errorBody("VALIDATION", restoreMessages[language].tooLarge, {
            body: restoreMessages[language].tooLarge,
          }),
          400,
        );
      },
    }),
  ] as const,
  request: {
    params: householdIdParamSchema,
    body: { content: { "application/json": { schema: restoreDocumentSchema } }, required: true },
  },
  responses: {
    200: {
      description: "Restored: the rows written per table and the members made without an account",
      content: {
        "application/json": {
          schema: z.object({ counts: z.record(z.string(), z.number()), members: z.number() }),
        },
      },
    },
    400: error("Not a Hearth export, a newer version, a damaged file or too large"),
    401: error("Not signed in"),
    403: error("Not the household's owner"),
    404: error("Not the caller's household"),
    409: error("The household holds data already, or this export was restored here before"),
  },
});

export function exportRoutes(deps: { db: Db }) {
  const { db } = deps;
  return createRouter()
    .openapi(restoreRoute, async (c) => {
      const viewer = requireViewer(c);
      const { householdId } = c.req.valid("param");
      assertOwnHousehold(viewer, householdId, await messagesFor(db, viewer));
      const t = restoreMessages[requestLanguage(c)];
      const result = await restoreHousehold(db, viewer, c.req.valid("json"), t);
      return c.json(result, 200);
    })
    .openapi(exportRoute, async (c) => {
      const viewer = requireViewer(c);
      const { householdId } = c.req.valid("param");
      assertOwnHousehold(viewer, householdId, await messagesFor(db, viewer));
      const { format } = c.req.valid("query");
      const who = {
        userId: viewer.userId,
        householdId: viewer.householdId,
        memberId: viewer.memberId,
        role: viewer.role,
      };
      const now = new Date();
      const logger = c.var.logger;
      // Private, and never read whole by the API's compression (no-transform; it would hold it).
      const cacheControl = "private, no-store, no-transform";
      if (format === "csv") {
        return c.body(pullStream(exportCsvZip(db, who, { now }), logger), 200, {
          "content-type": "application/zip",
          "content-disposition": `attachment; filename="hearth-export-${day(now)}.zip"`,
          "cache-control": cacheControl,
        });
      }
      const body = pullStream(exportJson(db, who, { now }), logger);
      const headers: Record<string, string> = {
        "content-type": "application/json; charset=utf-8",
        "content-disposition": `attachment; filename="hearth-export-${day(now)}.json"`,
        "cache-control": cacheControl,
        vary: varyOnAcceptEncoding(null),
      };
      // Gzip as it is written, when the caller takes it (the document is text that shrinks well).
      if (chooseEncoding(c.req.header("accept-encoding"), ["gzip"]) === "gzip") {
        headers["content-encoding"] = "gzip";
        return c.body(
          body.pipeThrough(
            new CompressionStream("gzip") as TransformStream<Uint8Array, Uint8Array>,
          ),
          200,
          headers,
        );
      }
      return c.body(body, 200, headers);
    });
}
