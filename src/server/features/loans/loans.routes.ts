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
  bookingInputSchema,
  createLoanSchema,
  extraRepaymentInputSchema,
  loanBookingSchema,
  loanDetailSchema,
  loanListSchema,
  updateLoanSchema,
  whatIfInputSchema,
  whatIfSchema,
} from "#shared/schemas/loans.schema.ts";
import { scopeQuerySchema } from "#shared/schemas/savings.schema.ts";
import {
  addExtra,
  bookPayment,
  createLoan,
  deleteExtra,
  deleteLoan,
  listLoans,
  loanDetail,
  unbookPayment,
  updateLoan,
  whatIf,
} from "./loans.service.ts";

/**
 * The loans area (Pro): loans with their parts and extra repayments, their schedules, a what-if,
 * and booking the monthly payment. The plan gate on `/api/loans/*` (gated-areas.routes.ts) runs
 * before every route here.
 */
const gated = gatedResponses("loans");

const routes = {
  list: createRoute({
    method: "get",
    path: "/loans",
    summary: "The scope's loans with where each stands today, the totals and each member's part",
    request: { query: scopeQuerySchema },
    responses: { 200: json("The loans", loanListSchema), ...gated, ...notFound },
  }),
  create: createRoute({
    method: "post",
    path: "/loans",
    summary: "Adds a loan with its owner and parts",
    request: body(createLoanSchema),
    responses: { 201: json("The loan", loanDetailSchema), ...invalid, ...gated },
  }),
  detail: createRoute({
    method: "get",
    path: "/loans/{id}",
    summary:
      "A loan with each part's schedule, the loan month by month, its extras, the allowance, the effect of its extras and its booking",
    request: { params: idParam, query: scopeQuerySchema },
    responses: { 200: json("The loan", loanDetailSchema), ...gated, ...notFound },
  }),
  update: createRoute({
    method: "put",
    path: "/loans/{id}",
    summary: "Changes a loan and replaces its parts (a part sent with its id keeps its extras)",
    request: { params: idParam, ...body(updateLoanSchema) },
    responses: { 200: json("The loan", loanDetailSchema), ...invalid, ...gated, ...notFound },
  }),
  remove: createRoute({
    method: "delete",
    path: "/loans/{id}",
    summary: "Deletes a loan with its parts and extras; its booking ends, what it booked stays",
    request: { params: idParam },
    responses: { ...removed, ...gated, ...notFound },
  }),
  addExtra: createRoute({
    method: "post",
    path: "/loans/{id}/extras",
    summary: "Adds an extra repayment (once or yearly) to a part of the loan",
    request: { params: idParam, ...body(extraRepaymentInputSchema) },
    responses: { 201: json("The loan", loanDetailSchema), ...invalid, ...gated, ...notFound },
  }),
  deleteExtra: createRoute({
    method: "delete",
    path: "/loans/extras/{id}",
    summary: "Removes an extra repayment",
    request: { params: idParam },
    responses: { ...removed, ...gated, ...notFound },
  }),
  whatIf: createRoute({
    method: "post",
    path: "/loans/{id}/what-if",
    summary: "What an extra repayment would save, without storing anything",
    request: { params: idParam, ...body(whatIfInputSchema) },
    responses: { 200: json("The effect", whatIfSchema), ...invalid, ...gated, ...notFound },
  }),
  book: createRoute({
    method: "post",
    path: "/loans/{id}/booking",
    summary: "Books the monthly payment as a recurring expense of each month's payment",
    request: { params: idParam, ...body(bookingInputSchema) },
    responses: {
      201: json("The booking (a recurring rule)", loanBookingSchema),
      409: error("The loan's payment is booked already"),
      ...invalid,
      ...gated,
      ...notFound,
    },
  }),
  unbook: createRoute({
    method: "delete",
    path: "/loans/{id}/booking",
    summary: "Stops booking the payment: the rule ends today, what it booked stays",
    request: { params: idParam },
    responses: { ...removed, ...gated, ...notFound },
  }),
};

export function loansRoutes(deps: { db: Db }) {
  const { db } = deps;
  return createRouter()
    .openapi(routes.list, async (c) =>
      c.json(await listLoans(db, requireViewer(c), c.req.valid("query"), today()), 200),
    )
    .openapi(routes.create, async (c) =>
      c.json(await createLoan(db, requireViewer(c), c.req.valid("json"), today()), 201),
    )
    .openapi(routes.detail, async (c) =>
      c.json(
        await loanDetail(
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
        await updateLoan(
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
      await deleteLoan(db, requireViewer(c), c.req.valid("param").id, today());
      return c.body(null, 204);
    })
    .openapi(routes.addExtra, async (c) =>
      c.json(
        await addExtra(db, requireViewer(c), c.req.valid("param").id, c.req.valid("json"), today()),
        201,
      ),
    )
    .openapi(routes.deleteExtra, async (c) => {
      await deleteExtra(db, requireViewer(c), c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(routes.whatIf, async (c) =>
      c.json(
        await whatIf(db, requireViewer(c), c.req.valid("param").id, c.req.valid("json"), today()),
        200,
      ),
    )
    .openapi(routes.book, async (c) =>
      c.json(
        await bookPayment(
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
      await unbookPayment(db, requireViewer(c), c.req.valid("param").id, today());
      return c.body(null, 204);
    });
}
