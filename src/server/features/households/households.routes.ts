import { createRoute, z } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import type { Db } from "#server/db/client.ts";
import type { Config } from "#server/env.ts";
import type { Limiter } from "#server/lib/limits.ts";
import type { Mailer } from "#server/lib/mail.ts";
import {
  errorResponse as error,
  jsonResponse as json,
  jsonBody as body,
} from "#server/lib/route-docs.ts";
import { createRouter, type AppEnv } from "#server/lib/router.ts";
import { requireViewer } from "#server/middleware/session.ts";
import { today } from "#shared/dates.ts";
import {
  cancelInvitationSchema,
  checkMemberLimitSchema,
  householdIdParamSchema,
  householdSchema,
  idParamSchema,
  invitationPreviewQuerySchema,
  invitationPreviewSchema,
  invitationSchema,
  invitationTokenBodySchema,
  memberLimitSchema,
  memberSchema,
  removeMemberSchema,
  renameHouseholdSchema,
  sendInvitationSchema,
  transferOwnershipSchema,
} from "#shared/schemas/households.schema.ts";
import {
  checkMemberLimit,
  listMembers,
  removeMember,
  renameHousehold,
  transferOwnership,
} from "./households.service.ts";
import {
  acceptInvitation,
  cancelInvitation,
  declineInvitation,
  listInvitations,
  previewInvitation,
  sendInvitation,
} from "./invitations.service.ts";

const signedIn = { 401: error("Not signed in") };
const notFound = { 404: error("Not the caller's household, or no such row") };
const invalid = { 400: error("The request is not valid") };
const forbidden = { 403: error("Only the owner may do this") };

const membersRoute = createRoute({
  method: "get",
  path: "/households/{householdId}/members",
  summary: "The household's active members, the aggregate row included, by created_at",
  request: { params: householdIdParamSchema },
  responses: {
    200: json("The members", z.object({ members: z.array(memberSchema) })),
    ...signedIn,
    ...notFound,
  },
});

const invitationsRoute = createRoute({
  method: "get",
  path: "/households/{householdId}/invitations",
  summary: "Pending invitations, newest first (owner only)",
  request: { params: householdIdParamSchema },
  responses: {
    200: json("The pending invitations", z.object({ invitations: z.array(invitationSchema) })),
    ...signedIn,
    ...forbidden,
    ...notFound,
  },
});

const renameRoute = createRoute({
  method: "patch",
  path: "/households/{householdId}",
  summary: "Renames the household (owner only)",
  request: { params: householdIdParamSchema, ...body(renameHouseholdSchema) },
  responses: {
    200: json("Renamed", z.object({ household: householdSchema })),
    ...invalid,
    ...signedIn,
    ...forbidden,
    ...notFound,
  },
});

const limitRoute = createRoute({
  method: "post",
  path: "/check-household-member-limit",
  summary: "Whether the household may add a member under its owner's plan",
  request: body(checkMemberLimitSchema),
  responses: {
    200: json("The verdict, with a sentence to show", memberLimitSchema),
    ...invalid,
    ...signedIn,
    ...notFound,
  },
});

const sendRoute = createRoute({
  method: "post",
  path: "/send-invitation",
  summary: "Invites an e-mail address into the household (owner only)",
  request: body(sendInvitationSchema),
  responses: {
    200: json("Invited", z.object({ invitation: invitationSchema })),
    ...invalid,
    ...signedIn,
    403: error("Not the owner, or the member limit is reached"),
    ...notFound,
    409: error("Yourself, or already a member"),
  },
});

const previewRoute = createRoute({
  method: "get",
  path: "/invitations/preview",
  summary: "Who invites to which household (public: the token is the key)",
  request: { query: invitationPreviewQuerySchema },
  responses: {
    200: json("The invitation", invitationPreviewSchema),
    ...invalid,
    404: error("No invitation with this token"),
  },
});

const acceptRoute = createRoute({
  method: "post",
  path: "/accept-invitation",
  summary: "Joins the inviting household, bringing the person's entries along",
  request: body(invitationTokenBodySchema),
  responses: {
    200: json("Joined", z.object({ household: householdSchema })),
    400: error("The token is unknown, used, cancelled, replaced or expired"),
    ...signedIn,
    403: error("Not the invited address, or not confirmed"),
    409: error("Already a member, or an owner with other members"),
  },
});

const declineRoute = createRoute({
  method: "post",
  path: "/decline-invitation",
  summary: "The invitee declines",
  request: body(invitationTokenBodySchema),
  responses: {
    200: json("Declined", z.object({ status: z.literal("declined") })),
    400: error("The token is unknown, used, cancelled, replaced or expired"),
    ...signedIn,
    403: error("Not the invited address, or not confirmed"),
  },
});

const cancelRoute = createRoute({
  method: "patch",
  path: "/invitations/{id}",
  summary: "The owner cancels a pending invitation (status declined)",
  request: { params: idParamSchema, ...body(cancelInvitationSchema) },
  responses: {
    200: json("Cancelled", z.object({ invitation: invitationSchema })),
    ...invalid,
    ...signedIn,
    ...forbidden,
    ...notFound,
    409: error("No longer pending"),
  },
});

const removeRoute = createRoute({
  method: "patch",
  path: "/members/{id}",
  summary: "The owner removes a member (invitation_status removed; the row stays)",
  request: { params: idParamSchema, ...body(removeMemberSchema) },
  responses: {
    200: json("Removed", z.object({ member: memberSchema })),
    ...invalid,
    ...signedIn,
    403: error("Not the owner, yourself, or the household row"),
    ...notFound,
  },
});

const transferRoute = createRoute({
  method: "post",
  path: "/households/{householdId}/transfer-ownership",
  summary: "The owner hands the household over to an active member, and becomes a member",
  request: { params: householdIdParamSchema, ...body(transferOwnershipSchema) },
  responses: {
    200: json("The new owner", z.object({ member: memberSchema })),
    ...invalid,
    ...signedIn,
    ...forbidden,
    ...notFound,
    409: error("Yourself, or a member without an account"),
  },
});

export function householdRoutes(deps: {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, "baseUrl" | "billing">;
  limiter: Limiter;
}) {
  const { db } = deps;
  const router = createRouter();
  // A signed-out caller hears 401 before anything about its request (only the preview is public).
  const signedInOnly = createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.method === "GET" && c.req.path.endsWith("/invitations/preview")) return next();
    requireViewer(c);
    await next();
  });
  for (const path of [
    "/households/*",
    "/check-household-member-limit",
    "/send-invitation",
    "/accept-invitation",
    "/decline-invitation",
    "/invitations/*",
    "/members/*",
  ]) {
    router.use(path, signedInOnly);
  }
  return router
    .openapi(membersRoute, async (c) => {
      const viewer = requireViewer(c);
      const { householdId } = c.req.valid("param");
      return c.json({ members: await listMembers(db, viewer, householdId) }, 200);
    })
    .openapi(invitationsRoute, async (c) => {
      const viewer = requireViewer(c);
      const { householdId } = c.req.valid("param");
      return c.json({ invitations: await listInvitations(db, viewer, householdId) }, 200);
    })
    .openapi(renameRoute, async (c) => {
      const viewer = requireViewer(c);
      const { householdId } = c.req.valid("param");
      const { name } = c.req.valid("json");
      return c.json({ household: await renameHousehold(db, viewer, householdId, name) }, 200);
    })
    .openapi(limitRoute, async (c) => {
      const viewer = requireViewer(c);
      const { householdId } = c.req.valid("json");
      return c.json(await checkMemberLimit(db, viewer, householdId, deps.config.billing), 200);
    })
    .openapi(sendRoute, async (c) => {
      const viewer = requireViewer(c);
      const input = c.req.valid("json");
      const invitation = await sendInvitation(
        {
          db,
          mailer: deps.mailer,
          config: deps.config,
          logger: c.var.logger,
          limiter: deps.limiter,
        },
        viewer,
        input,
      );
      return c.json({ invitation }, 200);
    })
    .openapi(previewRoute, async (c) => {
      const { token } = c.req.valid("query");
      return c.json(await previewInvitation(db, token), 200);
    })
    .openapi(acceptRoute, async (c) => {
      const viewer = requireViewer(c);
      const { invitationToken } = c.req.valid("json");
      return c.json(
        { household: await acceptInvitation(db, viewer, invitationToken, { day: today() }) },
        200,
      );
    })
    .openapi(declineRoute, async (c) => {
      const viewer = requireViewer(c);
      const { invitationToken } = c.req.valid("json");
      return c.json(await declineInvitation(db, viewer, invitationToken), 200);
    })
    .openapi(cancelRoute, async (c) => {
      const viewer = requireViewer(c);
      const { id } = c.req.valid("param");
      return c.json({ invitation: await cancelInvitation(db, viewer, id) }, 200);
    })
    .openapi(removeRoute, async (c) => {
      const viewer = requireViewer(c);
      const { id } = c.req.valid("param");
      return c.json({ member: await removeMember(db, viewer, id, today()) }, 200);
    })
    .openapi(transferRoute, async (c) => {
      const viewer = requireViewer(c);
      const { householdId } = c.req.valid("param");
      const { memberId } = c.req.valid("json");
      return c.json({ member: await transferOwnership(db, viewer, householdId, memberId) }, 200);
    });
}
