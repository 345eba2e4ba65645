import { createRoute, z } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import type { Db } from "#server/db/client.ts";
import { AppError } from "#server/lib/app-error.ts";
import {
  errorResponse as error,
  jsonResponse as json,
  jsonBody as body,
} from "#server/lib/route-docs.ts";
import { createRouter, type AppEnv } from "#server/lib/router.ts";
import {
  adminPlanSchema,
  couponInputSchemaAdmin,
  couponSchema,
  featureParamSchema,
  idParamSchema,
  planFeatureInputSchema,
  updateCouponSchema,
  updatePlanFeatureSchema,
  updatePlanSchema,
} from "#shared/schemas/billing.schema.ts";
import {
  addFeature,
  createCoupon,
  deleteCoupon,
  deleteFeature,
  listAdminPlans,
  listCoupons,
  updateCoupon,
  updateFeature,
  updatePlan,
} from "./admin.service.ts";

const common = { 404: error("Not an administrator, or no such item") };
const invalid = { 400: error("The request is not valid") };

const route = <M extends "get" | "post" | "put" | "delete", P extends string>(
  method: M,
  path: P,
  summary: string,
) => ({ method, path, summary });

const plansRoute = createRoute({
  ...route("get", "/admin/plans", "Every plan with its features, both languages"),
  responses: { 200: json("The plans", z.object({ plans: z.array(adminPlanSchema) })), ...common },
});
const updatePlanRoute = createRoute({
  ...route("put", "/admin/plans/{id}", "Edits a plan"),
  request: { params: idParamSchema, ...body(updatePlanSchema) },
  responses: { 200: json("The plan", adminPlanSchema), ...invalid, ...common },
});
const addFeatureRoute = createRoute({
  ...route("post", "/admin/plans/{id}/features", "Adds a feature to a plan"),
  request: { params: idParamSchema, ...body(planFeatureInputSchema) },
  responses: { 200: json("The plan", adminPlanSchema), ...invalid, ...common },
});
const updateFeatureRoute = createRoute({
  ...route("put", "/admin/plans/{id}/features/{featureId}", "Edits a feature"),
  request: { params: featureParamSchema, ...body(updatePlanFeatureSchema) },
  responses: { 200: json("The plan", adminPlanSchema), ...invalid, ...common },
});
const deleteFeatureRoute = createRoute({
  ...route("delete", "/admin/plans/{id}/features/{featureId}", "Removes a feature"),
  request: { params: featureParamSchema },
  responses: { 200: json("The plan", adminPlanSchema), ...common },
});
const couponsRoute = createRoute({
  ...route("get", "/admin/coupons", "Every coupon"),
  responses: { 200: json("The coupons", z.object({ coupons: z.array(couponSchema) })), ...common },
});
const createCouponRoute = createRoute({
  ...route("post", "/admin/coupons", "Adds a coupon (code upper-cased)"),
  request: body(couponInputSchemaAdmin),
  responses: {
    200: json("The coupon", couponSchema),
    ...invalid,
    ...common,
    409: error("The code exists"),
  },
});
const updateCouponRoute = createRoute({
  ...route("put", "/admin/coupons/{id}", "Edits a coupon"),
  request: { params: idParamSchema, ...body(updateCouponSchema) },
  responses: { 200: json("The coupon", couponSchema), ...invalid, ...common },
});
const deleteCouponRoute = createRoute({
  ...route("delete", "/admin/coupons/{id}", "Removes a coupon"),
  request: { params: idParamSchema },
  responses: { 200: json("Removed", z.object({ deleted: z.literal(true) })), ...common },
});

/** Every /admin route exists only for the accounts in ADMIN_EMAILS: anyone else gets 404. */
function adminsOnly(adminEmails: string[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const viewer = c.get("viewer");
    if (!viewer || !adminEmails.includes(viewer.email.toLowerCase())) {
      throw new AppError("NOT_FOUND", "There is no such API route.");
    }
    await next();
  });
}

export function adminRoutes(deps: { db: Db; adminEmails: string[] }) {
  const { db } = deps;
  const router = createRouter();
  router.use("/admin/*", adminsOnly(deps.adminEmails));
  router.use("/admin", adminsOnly(deps.adminEmails));
  return router
    .openapi(plansRoute, async (c) => c.json({ plans: await listAdminPlans(db) }, 200))
    .openapi(updatePlanRoute, async (c) =>
      c.json(await updatePlan(db, c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(addFeatureRoute, async (c) =>
      c.json(await addFeature(db, c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(updateFeatureRoute, async (c) => {
      const { id, featureId } = c.req.valid("param");
      return c.json(await updateFeature(db, id, featureId, c.req.valid("json")), 200);
    })
    .openapi(deleteFeatureRoute, async (c) => {
      const { id, featureId } = c.req.valid("param");
      return c.json(await deleteFeature(db, id, featureId), 200);
    })
    .openapi(couponsRoute, async (c) => c.json({ coupons: await listCoupons(db) }, 200))
    .openapi(createCouponRoute, async (c) =>
      c.json(await createCoupon(db, c.req.valid("json")), 200),
    )
    .openapi(updateCouponRoute, async (c) =>
      c.json(await updateCoupon(db, c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(deleteCouponRoute, async (c) =>
      c.json(await deleteCoupon(db, c.req.valid("param").id), 200),
    );
}
