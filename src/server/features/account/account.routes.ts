import { createRoute, z } from "@hono/zod-openapi";
import { deleteCookie } from "hono/cookie";
import type { Auth } from "#server/auth.ts";
import type { Db } from "#server/db/client.ts";
import type { FileStore } from "#server/lib/file-store.ts";
import type { Limiter } from "#server/lib/limits.ts";
import { requireViewer } from "#server/middleware/session.ts";
import { createRouter } from "#server/lib/router.ts";
import { errorBodySchema } from "#shared/schemas/errors.schema.ts";
import { billingModes, type BillingMode } from "#shared/billing.ts";
import { languages } from "#shared/i18n.ts";
import { planNames } from "#shared/plans.ts";
import { deleteAccountSchema, updateLanguageSchema } from "#shared/schemas/account.schema.ts";
import { today } from "#shared/dates.ts";
import { updateScopeSchema } from "#shared/schemas/households.schema.ts";
import { getAccount, updateLanguage, updateScope } from "./account.service.ts";
import { deleteAccount } from "./delete-account.ts";

const accountSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    emailVerified: z.boolean(),
  }),
  profile: z.object({
    fullName: z.string(),
    preferredLanguage: z.enum(languages),
    /** The owner's recorded choice; null until one is made. Entitlements: household.planName. */
    planName: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    /** The scope picker's choice: an active member of the household, or null for all of it. */
    scopeMemberId: z.string().nullable(),
  }),
  /** The household's plan as the server enforces it (Pro for everyone with billing off). */
  household: z.object({
    id: z.string(),
    name: z.string(),
    planName: z.enum(planNames),
    billing: z.enum(billingModes),
  }),
  member: z.object({ id: z.string(), role: z.enum(["owner", "member"]) }),
  isAdmin: z.boolean(),
});

const errors = {
  401: {
    description: "Not signed in",
    content: { "application/json": { schema: errorBodySchema } },
  },
};

const meRoute = createRoute({
  method: "get",
  path: "/me",
  summary: "The signed-in person, their profile and household",
  responses: {
    200: {
      description: "The signed-in person",
      content: { "application/json": { schema: accountSchema } },
    },
    ...errors,
  },
});

const sessionRoute = createRoute({
  method: "get",
  path: "/session",
  summary: "Whether someone is signed in, and who: answers 200 either way",
  responses: {
    200: {
      description: "The signed-in person, or null when signed out",
      content: { "application/json": { schema: z.object({ account: accountSchema.nullable() }) } },
    },
  },
});

const languageRoute = createRoute({
  method: "put",
  path: "/me/language",
  summary: "Keeps the chosen language in the profile",
  request: {
    body: { content: { "application/json": { schema: updateLanguageSchema } }, required: true },
  },
  responses: {
    200: {
      description: "Saved",
      content: { "application/json": { schema: z.object({ language: z.enum(languages) }) } },
    },
    400: {
      description: "Not a language Hearth speaks",
      content: { "application/json": { schema: errorBodySchema } },
    },
    ...errors,
  },
});

const scopeRoute = createRoute({
  method: "put",
  path: "/me/scope",
  summary: "Keeps the scope picker's choice: one active member, or null for the household",
  request: {
    body: { content: { "application/json": { schema: updateScopeSchema } }, required: true },
  },
  responses: {
    200: {
      description: "Saved",
      content: {
        "application/json": { schema: z.object({ scopeMemberId: z.string().nullable() }) },
      },
    },
    400: {
      description: "Not a member id",
      content: { "application/json": { schema: errorBodySchema } },
    },
    ...errors,
    404: {
      description: "Not an active member of the household",
      content: { "application/json": { schema: errorBodySchema } },
    },
  },
});

const deleteRoute = createRoute({
  method: "post",
  path: "/delete-account",
  summary:
    "Deletes the signed-in person's account, with their password and the typed word (DELETE or VERWIJDER)",
  request: {
    body: { content: { "application/json": { schema: deleteAccountSchema } }, required: true },
  },
  responses: {
    200: {
      description: "Deleted: every session of the person has ended and the cookies are cleared",
      content: { "application/json": { schema: z.object({ deleted: z.literal(true) }) } },
    },
    400: {
      description: "A wrong or missing password, or the word not typed",
      content: { "application/json": { schema: errorBodySchema } },
    },
    ...errors,
    409: {
      description: "An owner with other members, or a household still paying for a plan",
      content: { "application/json": { schema: errorBodySchema } },
    },
    429: {
      description: "Too many wrong passwords",
      content: { "application/json": { schema: errorBodySchema } },
    },
  },
});

export function accountRoutes(deps: {
  db: Db;
  adminEmails: string[];
  billing: BillingMode;
  auth: Auth;
  fileStore: FileStore;
  limiter: Limiter;
}) {
  return createRouter()
    .openapi(meRoute, async (c) => {
      const viewer = requireViewer(c);
      return c.json(await getAccount(deps.db, viewer, deps.adminEmails, deps.billing), 200);
    })
    .openapi(sessionRoute, async (c) => {
      // The app asks this on every page; a signed-out visitor is not an error (no 401 logged).
      const viewer = c.get("viewer");
      const account = viewer
        ? await getAccount(deps.db, viewer, deps.adminEmails, deps.billing)
        : null;
      return c.json({ account }, 200);
    })
    .openapi(languageRoute, async (c) => {
      const viewer = requireViewer(c);
      const { language } = c.req.valid("json");
      await updateLanguage(deps.db, viewer, language);
      return c.json({ language }, 200);
    })
    .openapi(scopeRoute, async (c) => {
      const viewer = requireViewer(c);
      const { memberId } = c.req.valid("json");
      return c.json(await updateScope(deps.db, viewer, memberId), 200);
    })
    .openapi(deleteRoute, async (c) => {
      const viewer = requireViewer(c);
      const input = c.req.valid("json");
      await deleteAccount(
        { db: deps.db, fileStore: deps.fileStore, limiter: deps.limiter, logger: c.var.logger },
        viewer,
        input,
        today(),
      );
      // The sessions are gone from the database; the browser forgets its cookies too.
      const { authCookies } = await deps.auth.$context;
      for (const cookie of [
        authCookies.sessionToken,
        authCookies.sessionData,
        authCookies.dontRememberToken,
      ]) {
        deleteCookie(c, cookie.name, { path: "/", secure: cookie.attributes.secure });
      }
      return c.json({ deleted: true as const }, 200);
    });
}
