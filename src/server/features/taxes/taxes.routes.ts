import { createRoute, z } from "@hono/zod-openapi";
import type { Db } from "#server/db/client.ts";
import {
  errorResponse as error,
  gatedResponses,
  idParam,
  invalidResponse as invalid,
  jsonResponse as json,
  jsonBody as body,
  notFoundResponse as notFound,
  removedResponse as removed,
} from "#server/lib/route-docs.ts";
import { createRouter } from "#server/lib/router.ts";
import { requireViewer } from "#server/middleware/session.ts";
import { today } from "#shared/dates.ts";
import {
  box3EstimateSchema,
  box3QuerySchema,
  box3SettingsInputSchema,
  box3SettingsSchema,
  createTaxItemSchema,
  taxDeadlineInputSchema,
  taxDeadlineSchema,
  taxExportQuerySchema,
  taxItemInputSchema,
  taxItemSchema,
  taxYearListSchema,
  taxYearOverviewSchema,
  taxYearParamSchema,
  taxYearQuerySchema,
} from "#shared/schemas/taxes.schema.ts";
import { box3Estimate, box3Settings, saveBox3Settings } from "./box3.service.ts";
import { exportFileName, exportTaxYear } from "./taxes-export.ts";
import {
  createTaxDeadline,
  createTaxItems,
  deleteTaxDeadline,
  deleteTaxItem,
  taxYearList,
  taxYearOverview,
  updateTaxDeadline,
  updateTaxItem,
} from "./taxes.service.ts";

/**
 * The taxes area (Pro): payments and refunds, deadlines, a year's overview and export, and the
 * box 3 estimate. The plan gate on `/api/taxes/*` (gated-areas.routes.ts) runs before every
 * route here.
 */
const gated = gatedResponses("taxes");

const routes = {
  years: createRoute({
    method: "get",
    path: "/taxes/years",
    summary: "The years with tax records (and this year), and the years box 3 can be estimated for",
    responses: { 200: json("The years", taxYearListSchema), ...gated },
  }),
  year: createRoute({
    method: "get",
    path: "/taxes/years/{year}",
    summary:
      "A tax year for the scope: payments and refunds with totals, deadlines, tax-relevant categories and the own home's mortgage interest",
    request: { params: taxYearParamSchema, query: taxYearQuerySchema },
    responses: {
      200: json("The year", taxYearOverviewSchema),
      ...invalid,
      ...gated,
      ...notFound,
    },
  }),
  exportYear: createRoute({
    method: "get",
    path: "/taxes/years/{year}/export.csv",
    summary: "The year for the return as a CSV file (UTF-8 with BOM) in the caller's language",
    request: { params: taxYearParamSchema, query: taxExportQuerySchema },
    responses: {
      200: {
        description: "The CSV file",
        content: { "text/csv": { schema: z.string() } },
      },
      ...invalid,
      ...gated,
      ...notFound,
    },
  }),
  createItem: createRoute({
    method: "post",
    path: "/taxes/items",
    summary: "Records a tax payment or refund, or a total spread over monthly terms",
    request: body(createTaxItemSchema),
    responses: {
      201: json("The items made (one per term)", z.object({ items: z.array(taxItemSchema) })),
      ...invalid,
      ...gated,
    },
  }),
  updateItem: createRoute({
    method: "put",
    path: "/taxes/items/{id}",
    summary: "Changes a payment or refund (marks it paid or received)",
    request: { params: idParam, ...body(taxItemInputSchema) },
    responses: { 200: json("The item", taxItemSchema), ...invalid, ...gated, ...notFound },
  }),
  deleteItem: createRoute({
    method: "delete",
    path: "/taxes/items/{id}",
    summary: "Removes a payment or refund",
    request: { params: idParam },
    responses: { ...removed, ...gated, ...notFound },
  }),
  createDeadline: createRoute({
    method: "post",
    path: "/taxes/deadlines",
    summary: "Adds a deadline with an optional reminder mail",
    request: body(taxDeadlineInputSchema),
    responses: { 201: json("The deadline", taxDeadlineSchema), ...invalid, ...gated },
  }),
  updateDeadline: createRoute({
    method: "put",
    path: "/taxes/deadlines/{id}",
    summary:
      "Changes a deadline or marks it done (a new day or period makes the reminder due again)",
    request: { params: idParam, ...body(taxDeadlineInputSchema) },
    responses: { 200: json("The deadline", taxDeadlineSchema), ...invalid, ...gated, ...notFound },
  }),
  deleteDeadline: createRoute({
    method: "delete",
    path: "/taxes/deadlines/{id}",
    summary: "Removes a deadline",
    request: { params: idParam },
    responses: { ...removed, ...gated, ...notFound },
  }),
  box3Settings: createRoute({
    method: "get",
    path: "/taxes/years/{year}/box3-settings",
    summary: "The year's fiscal partners and their split of the base (none: everyone alone)",
    request: { params: taxYearParamSchema },
    responses: { 200: json("The choice", box3SettingsSchema), ...invalid, ...gated },
  }),
  saveBox3Settings: createRoute({
    method: "put",
    path: "/taxes/years/{year}/box3-settings",
    summary: "Sets the year's fiscal partners (two people, or none) and the first one's part",
    request: { params: taxYearParamSchema, ...body(box3SettingsInputSchema) },
    responses: { 200: json("The choice", box3SettingsSchema), ...invalid, ...gated },
  }),
  box3: createRoute({
    method: "get",
    path: "/taxes/years/{year}/box3",
    summary:
      "The box 3 estimate of the year, step by step, with its parameters and sources, and the real return beside the deemed one",
    request: { params: taxYearParamSchema, query: box3QuerySchema },
    responses: {
      200: json("The estimate", box3EstimateSchema),
      400: error("Not a year, or a year without box 3 parameters (fields.year says which years)"),
      ...gated,
      ...notFound,
    },
  }),
};

export function taxesRoutes(deps: { db: Db }) {
  const { db } = deps;
  return createRouter()
    .openapi(routes.years, async (c) =>
      c.json(await taxYearList(db, requireViewer(c), today()), 200),
    )
    .openapi(routes.year, async (c) =>
      c.json(
        await taxYearOverview(
          db,
          requireViewer(c),
          c.req.valid("param").year,
          c.req.valid("query"),
          today(),
        ),
        200,
      ),
    )
    .openapi(routes.exportYear, async (c) => {
      const viewer = requireViewer(c);
      const { year } = c.req.valid("param");
      const text = await exportTaxYear(db, viewer, year, c.req.valid("query"), today());
      return c.body(text, 200, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${exportFileName(year, viewer.language)}"`,
      });
    })
    .openapi(routes.createItem, async (c) =>
      c.json(
        { items: await createTaxItems(db, requireViewer(c), c.req.valid("json"), today()) },
        201,
      ),
    )
    .openapi(routes.updateItem, async (c) =>
      c.json(
        await updateTaxItem(db, requireViewer(c), c.req.valid("param").id, c.req.valid("json")),
        200,
      ),
    )
    .openapi(routes.deleteItem, async (c) => {
      await deleteTaxItem(db, requireViewer(c), c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(routes.createDeadline, async (c) =>
      c.json(await createTaxDeadline(db, requireViewer(c), c.req.valid("json"), today()), 201),
    )
    .openapi(routes.updateDeadline, async (c) =>
      c.json(
        await updateTaxDeadline(
          db,
          requireViewer(c),
          c.req.valid("param").id,
          c.req.valid("json"),
          today(),
        ),
        200,
      ),
    )
    .openapi(routes.deleteDeadline, async (c) => {
      await deleteTaxDeadline(db, requireViewer(c), c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(routes.box3Settings, async (c) =>
      c.json(await box3Settings(db, requireViewer(c), c.req.valid("param").year), 200),
    )
    .openapi(routes.saveBox3Settings, async (c) =>
      c.json(
        await saveBox3Settings(
          db,
          requireViewer(c),
          c.req.valid("param").year,
          c.req.valid("json"),
        ),
        200,
      ),
    )
    .openapi(routes.box3, async (c) =>
      c.json(
        await box3Estimate(
          db,
          requireViewer(c),
          c.req.valid("param").year,
          c.req.valid("query"),
          today(),
        ),
        200,
      ),
    );
}
