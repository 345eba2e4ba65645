import { createRoute } from "@hono/zod-openapi";
import type { Db } from "#server/db/client.ts";
import {
  errorResponse as error,
  gatedResponses,
  idParam,
  invalidResponse as invalid,
  jsonBody as body,
  jsonResponse as json,
  notFoundResponse as notFound,
  removedResponse as removed,
} from "#server/lib/route-docs.ts";
import { createRouter } from "#server/lib/router.ts";
import { requireViewer } from "#server/middleware/session.ts";
import { today } from "#shared/dates.ts";
import {
  cancelPolicySchema,
  createPolicySchema,
  insuranceOverviewSchema,
  insuranceQuerySchema,
  policyBookingInputSchema,
  policyListSchema,
  policySchema,
  updatePolicySchema,
} from "#shared/schemas/insurance.schema.ts";
import { recurringRuleSchema } from "#shared/schemas/recurring.schema.ts";
import {
  bookPolicy,
  cancelPolicy,
  createPolicy,
  deletePolicy,
  insuranceOverview,
  listPolicies,
  policyDetail,
  unbookPolicy,
  updatePolicy,
} from "./insurance.service.ts";

/**
 * The insurance area (Pro): policies with who they cover, their premiums and each member's
 * part, cancelling (kept as history), and the overview with totals, the coverage grid and the
 * renewals and notice deadlines within 60 days, and booking a premium as a recurring expense
 * tied to its policy (decision 024). The plan gate on `/api/insurance/*`
 * (gated-areas.routes.ts) runs before every route here.
 */
const gated = gatedResponses("insurance");

const routes = {
  overview: createRoute({
    method: "get",
    path: "/insurance/overview",
    summary:
      "The scope's premiums a year and a month in all, per member and per kind, the coverage grid and the renewals and notice deadlines within 60 days",
    request: { query: insuranceQuerySchema },
    responses: { 200: json("The overview", insuranceOverviewSchema), ...gated, ...notFound },
  }),
  list: createRoute({
    method: "get",
    path: "/insurance/policies",
    summary: "The scope's policies (cancelled ones too) with their figures and the scope's part",
    request: { query: insuranceQuerySchema },
    responses: { 200: json("The policies", policyListSchema), ...gated, ...notFound },
  }),
  create: createRoute({
    method: "post",
    path: "/insurance/policies",
    summary: "Adds a policy and who it covers",
    request: body(createPolicySchema),
    responses: { 201: json("The policy", policySchema), ...invalid, ...gated },
  }),
  detail: createRoute({
    method: "get",
    path: "/insurance/policies/{id}",
    summary:
      "A policy with its premium per payment, year and month, everyone's part and its renewal",
    request: { params: idParam, query: insuranceQuerySchema },
    responses: { 200: json("The policy", policySchema), ...gated, ...notFound },
  }),
  update: createRoute({
    method: "put",
    path: "/insurance/policies/{id}",
    summary: "Changes a policy and who it covers (its status stays)",
    request: { params: idParam, ...body(updatePolicySchema) },
    responses: { 200: json("The policy", policySchema), ...invalid, ...gated, ...notFound },
  }),
  cancel: createRoute({
    method: "post",
    path: "/insurance/policies/{id}/cancel",
    summary: "Cancels a policy from an end date: it is kept, and renews no more",
    request: { params: idParam, ...body(cancelPolicySchema) },
    responses: { 200: json("The policy", policySchema), ...invalid, ...gated, ...notFound },
  }),
  remove: createRoute({
    method: "delete",
    path: "/insurance/policies/{id}",
    summary: "Deletes a policy; its booked premium ends today, what it booked stays",
    request: { params: idParam },
    responses: { ...removed, ...gated, ...notFound },
  }),
  book: createRoute({
    method: "post",
    path: "/insurance/policies/{id}/booking",
    summary:
      "Books the premium as a recurring expense at its frequency, split between the people it covers",
    request: { params: idParam, ...body(policyBookingInputSchema) },
    responses: {
      201: json("The booking (a recurring rule)", recurringRuleSchema),
      409: error("The policy's premium is booked already"),
      ...invalid,
      ...gated,
      ...notFound,
    },
  }),
  unbook: createRoute({
    method: "delete",
    path: "/insurance/policies/{id}/booking",
    summary: "Stops booking the premium: the rule ends today, what it booked stays",
    request: { params: idParam },
    responses: { ...removed, ...gated, ...notFound },
  }),
};

export function insuranceRoutes(deps: { db: Db }) {
  const { db } = deps;
  return createRouter()
    .openapi(routes.overview, async (c) =>
      c.json(await insuranceOverview(db, requireViewer(c), c.req.valid("query"), today()), 200),
    )
    .openapi(routes.list, async (c) =>
      c.json(await listPolicies(db, requireViewer(c), c.req.valid("query"), today()), 200),
    )
    .openapi(routes.create, async (c) =>
      c.json(await createPolicy(db, requireViewer(c), c.req.valid("json"), today()), 201),
    )
    .openapi(routes.detail, async (c) =>
      c.json(
        await policyDetail(
          db,
          requireViewer(c),
          c.req.valid("param").id,
          c.req.valid("query"),
          today(),
        ),
        200,
      ),
    )
    .openapi(routes.update, async (c) =>
      c.json(
        await updatePolicy(
          db,
          requireViewer(c),
          c.req.valid("param").id,
          c.req.valid("json"),
          today(),
        ),
        200,
      ),
    )
    .openapi(routes.cancel, async (c) =>
      c.json(
        await cancelPolicy(
          db,
          requireViewer(c),
          c.req.valid("param").id,
          c.req.valid("json"),
          today(),
        ),
        200,
      ),
    )
    .openapi(routes.remove, async (c) => {
      await deletePolicy(db, requireViewer(c), c.req.valid("param").id, today());
      return c.body(null, 204);
    })
    .openapi(routes.book, async (c) =>
      c.json(
        await bookPolicy(
          db,
          requireViewer(c),
          c.req.valid("param").id,
          c.req.valid("json"),
          today(),
        ),
        201,
      ),
    )
    .openapi(routes.unbook, async (c) => {
      await unbookPolicy(db, requireViewer(c), c.req.valid("param").id, today());
      return c.body(null, 204);
    });
}
