import { createRoute, z } from "@hono/zod-openapi";
import type { Db } from "#server/db/client.ts";
import type { Config } from "#server/env.ts";
import { languageHeader } from "#server/auth.ts";
import { AppError } from "#server/lib/app-error.ts";
import {
  errorResponse as error,
  jsonResponse as json,
  jsonBody as body,
} from "#server/lib/route-docs.ts";
import { createRouter } from "#server/lib/router.ts";
import { requireViewer } from "#server/middleware/session.ts";
import {
  checkoutSchema,
  checkSubscriptionSchema,
  createCheckoutSchema,
  idParamSchema,
  planChangeQuoteSchema,
  planChangeSchema,
  plansAnswerSchema,
  subscriptionSchema,
} from "#shared/schemas/billing.schema.ts";
import {
  assertPlanOwner,
  cancelTestCheckout,
  checkSubscription,
  getCheckout,
  getSubscription,
  languageFor,
  listPlans,
  messagesIn,
  payTestCheckout,
  planPrice,
  priceOf,
  quoteAnswer,
  selectFreePlan,
} from "./billing.service.ts";
import type { Logger } from "#server/lib/logger.ts";
import { createPaymentProvider, type PaymentProvider } from "./payment-provider.ts";

const signedIn = { 401: error("Not signed in") };
const ownerOnly = { 403: error("Only the household's owner changes its plan") };

const plansRoute = createRoute({
  method: "get",
  path: "/plans",
  summary: "The active plans by display_order, features by display_order, in the caller's language",
  responses: { 200: json("The plans and the billing mode", plansAnswerSchema) },
});

const selectFreeRoute = createRoute({
  method: "post",
  path: "/select-free-plan",
  summary:
    "Chooses the Free plan (owner only); while the household pays, the plan ends at the period's end",
  responses: {
    200: json(
      "Chosen: at once, or at endsAt when a paid plan runs until then",
      z.object({ planName: z.literal("free"), endsAt: z.string().nullable() }),
    ),
    ...signedIn,
    ...ownerOnly,
    503: error("The payment provider cannot be reached"),
  },
});

const createCheckoutRoute = createRoute({
  method: "post",
  path: "/create-checkout",
  summary: "Starts a checkout for a paid plan and period (by price id), with an optional coupon",
  request: body(createCheckoutSchema),
  responses: {
    200: json("Where the browser goes next", z.object({ url: z.string() })),
    400: error("Pricing not configured, or the coupon cannot be used"),
    ...signedIn,
    ...ownerOnly,
    404: error("No such active plan"),
    409: error("Billing is off"),
    503: error("The payment provider cannot be reached"),
  },
});

const checkoutRoute = createRoute({
  method: "get",
  path: "/checkouts/{id}",
  summary: "A test checkout of the caller's household",
  request: { params: idParamSchema },
  responses: {
    200: json("The checkout", checkoutSchema),
    ...signedIn,
    404: error("Not the caller's household's checkout"),
  },
});

const redirectSchema = z.object({ redirect: z.string() });

const payCheckoutRoute = createRoute({
  method: "post",
  path: "/checkouts/{id}/pay",
  summary: "Pays a test checkout: records the subscription as a confirmed payment would",
  request: { params: idParamSchema },
  responses: {
    200: json("Paid (paying again changes nothing)", redirectSchema),
    ...signedIn,
    ...ownerOnly,
    404: error("Not the caller's household's checkout"),
    409: error("The checkout was cancelled"),
  },
});

const cancelCheckoutRoute = createRoute({
  method: "post",
  path: "/checkouts/{id}/cancel",
  summary: "Cancels a pending test checkout (owner only)",
  request: { params: idParamSchema },
  responses: {
    200: json("Cancelled", redirectSchema),
    ...signedIn,
    ...ownerOnly,
    404: error("Not the caller's household's checkout"),
  },
});

const checkSubscriptionRoute = createRoute({
  method: "post",
  path: "/check-subscription",
  summary: "The household's plan as the server enforces it",
  responses: { 200: json("The plan", checkSubscriptionSchema), ...signedIn },
});

const subscriptionRoute = createRoute({
  method: "get",
  path: "/subscription",
  summary: "The household's subscription, for the profile's Subscription tab",
  responses: { 200: json("The subscription", subscriptionSchema), ...signedIn },
});

const cancelSubscriptionRoute = createRoute({
  method: "post",
  path: "/subscription/cancel",
  summary: "Cancels at the end of the period; the plan stays until then (owner only)",
  responses: {
    200: json("Cancelled at period end", subscriptionSchema),
    ...signedIn,
    ...ownerOnly,
    409: error("No paid subscription, or billing is off"),
  },
});

const portalRoute = createRoute({
  method: "post",
  path: "/subscription/portal",
  summary: "The Stripe customer portal (owner only, stripe mode)",
  responses: {
    200: json("The portal's address", z.object({ url: z.string() })),
    ...signedIn,
    ...ownerOnly,
    409: error("Not available in this billing mode"),
  },
});

const changeResponses = {
  ...signedIn,
  ...ownerOnly,
  400: error("Free is not a change (choose it instead), or the period has no price"),
  404: error("No such active plan"),
  409: error("No running paid plan to change, the same plan and period, or billing is off"),
  503: error("The payment provider cannot be reached"),
};

const previewChangeRoute = createRoute({
  method: "post",
  path: "/subscription/preview-change",
  summary: "What changing the running paid plan to another plan or period costs now (owner only)",
  request: body(planChangeSchema),
  responses: { 200: json("The prorated quote", planChangeQuoteSchema), ...changeResponses },
});

const changeRoute = createRoute({
  method: "post",
  path: "/subscription/change",
  summary:
    "Changes the running paid plan now, prorated (owner only); the same plan and period resumes it",
  request: body(planChangeSchema),
  responses: { 200: json("Changed", subscriptionSchema), ...changeResponses },
});

const resumeRoute = createRoute({
  method: "post",
  path: "/subscription/resume",
  summary: "Takes back a cancellation while the period runs (owner only)",
  responses: {
    200: json("Resumed", subscriptionSchema),
    ...signedIn,
    ...ownerOnly,
    409: error("Nothing to resume, or billing is off"),
    503: error("The payment provider cannot be reached"),
  },
});

export function billingRoutes(deps: {
  db: Db;
  config: Config;
  provider?: PaymentProvider | undefined;
  logger?: Logger | undefined;
}) {
  const { db, config } = deps;
  const provider = deps.provider ?? createPaymentProvider(config, db, deps.logger);
  const billing = config.billing;
  const messages = async (c: {
    get(key: "viewer"): ReturnType<typeof requireViewer> | null;
    req: { header(name: string): string | undefined };
  }) => messagesIn(await languageFor(db, c.get("viewer"), c.req.header(languageHeader)));

  return createRouter()
    .openapi(plansRoute, async (c) => {
      const language = await languageFor(db, c.get("viewer"), c.req.header(languageHeader));
      return c.json({ plans: await listPlans(db, language), billing }, 200);
    })
    .openapi(selectFreeRoute, async (c) => {
      const viewer = requireViewer(c);
      const t = await messages(c);
      const cancel = () => provider.cancelSubscription(viewer, t);
      return c.json(await selectFreePlan(db, viewer, billing, t, cancel), 200);
    })
    .openapi(createCheckoutRoute, async (c) => {
      const viewer = requireViewer(c);
      const t = await messages(c);
      assertPlanOwner(viewer, t);
      const input = c.req.valid("json");
      if (billing === "off") throw new AppError("CONFLICT", t.billingOff);
      const { plan, period, priceCents } = await priceOf(db, input, t);
      const answer = await provider.startCheckout({
        viewer,
        plan,
        period,
        priceId: input.priceId.trim(),
        priceCents,
        couponCode: input.couponCode,
        t,
      });
      return c.json(answer, 200);
    })
    .openapi(checkoutRoute, async (c) => {
      const viewer = requireViewer(c);
      return c.json(await getCheckout(db, viewer, c.req.valid("param").id, await messages(c)), 200);
    })
    .openapi(payCheckoutRoute, async (c) => {
      const viewer = requireViewer(c);
      const t = await messages(c);
      // Only the test provider's own checkouts can be paid here; Stripe's only via the webhook.
      if (billing !== "test") throw new AppError("NOT_FOUND", t.checkoutNotFound);
      return c.json(await payTestCheckout(db, viewer, c.req.valid("param").id, t), 200);
    })
    .openapi(cancelCheckoutRoute, async (c) => {
      const viewer = requireViewer(c);
      const t = await messages(c);
      return c.json(await cancelTestCheckout(db, viewer, c.req.valid("param").id, t), 200);
    })
    .openapi(checkSubscriptionRoute, async (c) => {
      const viewer = requireViewer(c);
      return c.json(await checkSubscription(db, viewer, billing), 200);
    })
    .openapi(subscriptionRoute, async (c) => {
      const viewer = requireViewer(c);
      return c.json(await getSubscription(db, viewer, billing), 200);
    })
    .openapi(cancelSubscriptionRoute, async (c) => {
      const viewer = requireViewer(c);
      const t = await messages(c);
      assertPlanOwner(viewer, t);
      await provider.cancelSubscription(viewer, t);
      return c.json(await getSubscription(db, viewer, billing), 200);
    })
    .openapi(previewChangeRoute, async (c) => {
      const viewer = requireViewer(c);
      const t = await messages(c);
      assertPlanOwner(viewer, t);
      if (billing === "off") throw new AppError("CONFLICT", t.billingOff);
      const change = await planPrice(db, c.req.valid("json"), t);
      return c.json(quoteAnswer(change, await provider.previewChange(viewer, change, t)), 200);
    })
    .openapi(changeRoute, async (c) => {
      const viewer = requireViewer(c);
      const t = await messages(c);
      assertPlanOwner(viewer, t);
      if (billing === "off") throw new AppError("CONFLICT", t.billingOff);
      const change = await planPrice(db, c.req.valid("json"), t);
      await provider.changeSubscription(viewer, change, t);
      return c.json(await getSubscription(db, viewer, billing), 200);
    })
    .openapi(resumeRoute, async (c) => {
      const viewer = requireViewer(c);
      const t = await messages(c);
      assertPlanOwner(viewer, t);
      await provider.resumeSubscription(viewer, t);
      return c.json(await getSubscription(db, viewer, billing), 200);
    })
    .openapi(portalRoute, async (c) => {
      const viewer = requireViewer(c);
      const t = await messages(c);
      assertPlanOwner(viewer, t);
      return c.json(await provider.openPortal(viewer, t), 200);
    });
}
