import { createRoute, z } from "@hono/zod-openapi";
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
  accountDetailSchema,
  accountListSchema,
  addMovementSchema,
  addRateSchema,
  addStatementSchema,
  createAccountSchema,
  emergencySuggestionSchema,
  goalInputSchema,
  goalSchema,
  historyQuerySchema,
  historySchema,
  movementSchema,
  rateSchema,
  scopeQuerySchema,
  statementSchema,
  updateAccountSchema,
} from "#shared/schemas/savings.schema.ts";
import {
  createGoal,
  deleteGoal,
  emergencySuggestion,
  listGoals,
  updateGoal,
} from "./goals.service.ts";
import {
  accountDetail,
  addMovement,
  addRate,
  addStatement,
  bookStatement,
  createAccount,
  deleteAccount,
  deleteMovement,
  deleteRate,
  deleteStatement,
  listAccounts,
  savingsHistory,
  updateAccount,
} from "./savings.service.ts";

/**
 * The savings area (Premium): accounts, rates, movements, statements, history and goals. The
 * plan gate on `/api/savings/*` (gated-areas.routes.ts) runs before every route here.
 */
const gated = gatedResponses("savings");

const routes = {
  listAccounts: createRoute({
    method: "get",
    path: "/savings/accounts",
    summary: "The scope's savings accounts with balances today, totals and each member's part",
    request: { query: scopeQuerySchema },
    responses: { 200: json("The accounts", accountListSchema), ...gated, ...notFound },
  }),
  createAccount: createRoute({
    method: "post",
    path: "/savings/accounts",
    summary: "Opens a savings account with its rate and opening balance",
    request: body(createAccountSchema),
    responses: { 201: json("The account", accountDetailSchema), ...invalid, ...gated },
  }),
  account: createRoute({
    method: "get",
    path: "/savings/accounts/{id}",
    summary: "An account with its rates, movements (with balances) and statements",
    request: { params: idParam, query: scopeQuerySchema },
    responses: { 200: json("The account", accountDetailSchema), ...gated, ...notFound },
  }),
  updateAccount: createRoute({
    method: "put",
    path: "/savings/accounts/{id}",
    summary: "Renames, re-owns, closes or reopens an account",
    request: { params: idParam, ...body(updateAccountSchema) },
    responses: { 200: json("The account", accountDetailSchema), ...invalid, ...gated, ...notFound },
  }),
  deleteAccount: createRoute({
    method: "delete",
    path: "/savings/accounts/{id}",
    summary: "Deletes an account and its whole history",
    request: { params: idParam },
    responses: { ...removed, ...gated, ...notFound },
  }),
  addRate: createRoute({
    method: "post",
    path: "/savings/accounts/{id}/rates",
    summary: "A yearly rate from a date on (replaces one on the same date)",
    request: { params: idParam, ...body(addRateSchema) },
    responses: { 201: json("The rate", rateSchema), ...invalid, ...gated, ...notFound },
  }),
  deleteRate: createRoute({
    method: "delete",
    path: "/savings/rates/{id}",
    summary: "Removes a rate change",
    request: { params: idParam },
    responses: { ...removed, ...gated, ...notFound },
  }),
  addMovement: createRoute({
    method: "post",
    path: "/savings/accounts/{id}/movements",
    summary: "Books a deposit, a withdrawal or interest",
    request: { params: idParam, ...body(addMovementSchema) },
    responses: { 201: json("The movement", movementSchema), ...invalid, ...gated, ...notFound },
  }),
  deleteMovement: createRoute({
    method: "delete",
    path: "/savings/movements/{id}",
    summary: "Removes a movement",
    request: { params: idParam },
    responses: { ...removed, ...gated, ...notFound },
  }),
  addStatement: createRoute({
    method: "post",
    path: "/savings/accounts/{id}/statements",
    summary: "A balance from the bank's statement, with what Hearth computed for that day",
    request: { params: idParam, ...body(addStatementSchema) },
    responses: { 201: json("The statement", statementSchema), ...invalid, ...gated, ...notFound },
  }),
  deleteStatement: createRoute({
    method: "delete",
    path: "/savings/statements/{id}",
    summary: "Removes a statement balance",
    request: { params: idParam },
    responses: { ...removed, ...gated, ...notFound },
  }),
  bookStatement: createRoute({
    method: "post",
    path: "/savings/statements/{id}/book",
    summary: "Books a statement's difference as a correction on its day",
    request: { params: idParam },
    responses: {
      201: json("The correction", movementSchema),
      409: error("There is no difference to book"),
      ...gated,
      ...notFound,
    },
  }),
  history: createRoute({
    method: "get",
    path: "/savings/history",
    summary: "Month-end balances of the scope's part of each account",
    request: { query: historyQuerySchema },
    responses: { 200: json("The history", historySchema), ...invalid, ...gated, ...notFound },
  }),
  listGoals: createRoute({
    method: "get",
    path: "/savings/goals",
    summary: "The goals with what is saved, what is needed a month, the status and the reach date",
    request: { query: scopeQuerySchema },
    responses: {
      200: json("The goals", z.object({ goals: z.array(goalSchema) })),
      ...gated,
      ...notFound,
    },
  }),
  createGoal: createRoute({
    method: "post",
    path: "/savings/goals",
    summary: "Sets a goal",
    request: body(goalInputSchema),
    responses: { 201: json("The goal", goalSchema), ...invalid, ...gated },
  }),
  updateGoal: createRoute({
    method: "put",
    path: "/savings/goals/{id}",
    summary: "Changes a goal",
    request: { params: idParam, ...body(goalInputSchema) },
    responses: { 200: json("The goal", goalSchema), ...invalid, ...gated, ...notFound },
  }),
  deleteGoal: createRoute({
    method: "delete",
    path: "/savings/goals/{id}",
    summary: "Removes a goal (its accounts stay)",
    request: { params: idParam },
    responses: { ...removed, ...gated, ...notFound },
  }),
  emergency: createRoute({
    method: "get",
    path: "/savings/emergency-suggestion",
    summary: "Average monthly spending of the last 12 months, and 3 and 6 months of it",
    request: { query: scopeQuerySchema },
    responses: {
      200: json("The suggestion", emergencySuggestionSchema),
      ...gated,
      ...notFound,
    },
  }),
};

export function savingsRoutes(deps: { db: Db }) {
  const { db } = deps;
  return createRouter()
    .openapi(routes.listAccounts, async (c) =>
      c.json(await listAccounts(db, requireViewer(c), c.req.valid("query"), today()), 200),
    )
    .openapi(routes.createAccount, async (c) =>
      c.json(await createAccount(db, requireViewer(c), c.req.valid("json"), today()), 201),
    )
    .openapi(routes.account, async (c) =>
      c.json(
        await accountDetail(
          db,
          requireViewer(c),
          c.req.valid("param").id,
          c.req.valid("query"),
          today(),
        ),
        200,
      ),
    )
    .openapi(routes.updateAccount, async (c) =>
      c.json(
        await updateAccount(
          db,
          requireViewer(c),
          c.req.valid("param").id,
          c.req.valid("json"),
          today(),
        ),
        200,
      ),
    )
    .openapi(routes.deleteAccount, async (c) => {
      await deleteAccount(db, requireViewer(c), c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(routes.addRate, async (c) =>
      c.json(
        await addRate(db, requireViewer(c), c.req.valid("param").id, c.req.valid("json")),
        201,
      ),
    )
    .openapi(routes.deleteRate, async (c) => {
      await deleteRate(db, requireViewer(c), c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(routes.addMovement, async (c) =>
      c.json(
        await addMovement(db, requireViewer(c), c.req.valid("param").id, c.req.valid("json")),
        201,
      ),
    )
    .openapi(routes.deleteMovement, async (c) => {
      await deleteMovement(db, requireViewer(c), c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(routes.addStatement, async (c) =>
      c.json(
        await addStatement(db, requireViewer(c), c.req.valid("param").id, c.req.valid("json")),
        201,
      ),
    )
    .openapi(routes.deleteStatement, async (c) => {
      await deleteStatement(db, requireViewer(c), c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(routes.bookStatement, async (c) =>
      c.json(await bookStatement(db, requireViewer(c), c.req.valid("param").id), 201),
    )
    .openapi(routes.history, async (c) =>
      c.json(await savingsHistory(db, requireViewer(c), c.req.valid("query"), today()), 200),
    )
    .openapi(routes.listGoals, async (c) =>
      c.json({ goals: await listGoals(db, requireViewer(c), c.req.valid("query"), today()) }, 200),
    )
    .openapi(routes.createGoal, async (c) =>
      c.json(await createGoal(db, requireViewer(c), c.req.valid("json"), today()), 201),
    )
    .openapi(routes.updateGoal, async (c) =>
      c.json(
        await updateGoal(
          db,
          requireViewer(c),
          c.req.valid("param").id,
          c.req.valid("json"),
          today(),
        ),
        200,
      ),
    )
    .openapi(routes.deleteGoal, async (c) => {
      await deleteGoal(db, requireViewer(c), c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(routes.emergency, async (c) =>
      c.json(await emergencySuggestion(db, requireViewer(c), c.req.valid("query"), today()), 200),
    );
}
