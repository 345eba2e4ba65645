import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, ne, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { user } from "#server/db/schema/auth.ts";
import { households, invitations, members, profiles } from "#server/db/schema/households.ts";
import type { Config } from "#server/env.ts";
import { AppError } from "#server/lib/app-error.ts";
import { limitMessages, LimitError, limits, minutesOf, type Limiter } from "#server/lib/limits.ts";
import type { Logger } from "#server/lib/logger.ts";
import { invitationMail } from "#server/lib/mail-templates.ts";
import type { Mailer } from "#server/lib/mail.ts";
import type { Viewer } from "#server/middleware/session.ts";
import type { PreviewStatus } from "#shared/schemas/households.schema.ts";
import type { HouseholdMessages } from "./household-messages.ts";
import {
  householdOwnedTables,
  moveRowsStatement,
  type HouseholdOwnedTable,
} from "./household-owned.ts";
import { dedupeCategories } from "../categories/categories.service.ts";
import {
  assertOwner,
  assertOwnHousehold,
  memberLimitOf,
  messagesFor,
  ownerLanguage,
} from "./households.service.ts";
import { catchUpRewritten } from "../insurance/insurance-booking.ts";
import { rebookHouseholdPolicies } from "../insurance/insurance.service.ts";
import { today, type IsoDate } from "#shared/dates.ts";
import { isUuid } from "#shared/ids.ts";
import { chargingSubscription, languageFor, messagesIn } from "../billing/billing.service.ts";

/** An invitation works for seven days. */
export const invitationLifetimeMs = 7 * 24 * 60 * 60 * 1000;

/** 32 random bytes: 256 bits, far above the 128 the issue asks for. */
export function newInvitationToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Only this is stored: a leaked table cannot be turned back into working links. */
export function hashInvitationToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

type InvitationRow = typeof invitations.$inferSelect;

function invitationAnswer(row: InvitationRow) {
  return {
    id: row.id,
    invitedEmail: row.invitedEmail,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** Pending, unexpired invitations of the household, newest first. Owner only. */
export async function listInvitations(db: Db, viewer: Viewer, householdId: string) {
  const t = await messagesFor(db, viewer);
  assertOwnHousehold(viewer, householdId, t);
  assertOwner(viewer, t);
  const rows = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.householdId, householdId),
        eq(invitations.status, "pending"),
        gt(invitations.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
  return rows.map(invitationAnswer);
}

/** The active person rows of a household whose account has this e-mail address. */
async function activeMemberWithEmail(db: Db, householdId: string, email: string) {
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .innerJoin(user, eq(user.id, members.userId))
    .where(
      and(
        eq(members.householdId, householdId),
        eq(members.isHousehold, false),
        eq(members.invitationStatus, "active"),
        sql`lower(${user.email}) = ${email}`,
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

export type InvitationDeps = {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  config: Pick<Config, "baseUrl" | "billing">;
  limiter: Limiter;
};

/**
 * An invitation is a mail to someone else: at most `limits.mailsSent` an hour from one account
 * and `limits.mailsReceived` an hour to one address (decision 014). Counted before anything is
 * stored, so a refused invitation changes nothing.
 */
async function takeMailLimits(limiter: Limiter, viewer: Viewer, email: string) {
  const t = limitMessages[viewer.language];
  const sent = await limiter.take(limits.mailsSent, viewer.userId);
  if (!sent.ok) throw new LimitError(t.mailsSent(minutesOf(sent.retryAfter)), sent.retryAfter);
  const received = await limiter.take(limits.mailsReceived, email);
  if (!received.ok) {
    throw new LimitError(t.mailsReceived(minutesOf(received.retryAfter)), received.retryAfter);
  }
}

/**
 * Invites an address into the owner's household. In one transaction: an earlier pending
 * invitation to the same address is marked `replaced` and the new one stored (only its token's
 * hash). The mail goes out after the commit; a mail that cannot be sent is logged and the
 * invitation stays (the owner sees it pending and can invite again, which replaces it).
 */
export async function sendInvitation(
  deps: InvitationDeps,
  viewer: Viewer,
  input: { email: string; householdId: string },
) {
  const { db } = deps;
  const t = await messagesFor(db, viewer);
  assertOwnHousehold(viewer, input.householdId, t);
  assertOwner(viewer, t);
  const email = input.email.trim().toLowerCase();
  if (email === viewer.email.toLowerCase()) throw new AppError("CONFLICT", t.inviteSelf);
  await takeMailLimits(deps.limiter, viewer, email);

  const token = newInvitationToken();
  const invitation = await db.transaction(async (tx) => {
    // One invitation at a time per household, so two at once cannot both take the last place.
    await tx
      .select({ id: households.id })
      .from(households)
      .where(eq(households.id, input.householdId))
      .for("update");
    if (await activeMemberWithEmail(tx, input.householdId, email)) {
      throw new AppError("CONFLICT", t.alreadyMember(email));
    }
    const limit = await memberLimitOf(tx, {
      householdId: input.householdId,
      billing: deps.config.billing,
      t,
      exceptEmail: email,
    });
    if (!limit.canAddMember) throw new AppError("MEMBER_LIMIT_REACHED", limit.message);
    await tx
      .update(invitations)
      .set({ status: "replaced", respondedAt: new Date() })
      .where(
        and(
          eq(invitations.householdId, input.householdId),
          eq(invitations.invitedEmail, email),
          eq(invitations.status, "pending"),
        ),
      );
    const [row] = await tx
      .insert(invitations)
      .values({
        householdId: input.householdId,
        invitedEmail: email,
        tokenHash: hashInvitationToken(token),
        invitedByMemberId: viewer.memberId,
        expiresAt: new Date(Date.now() + invitationLifetimeMs),
      })
      .returning();
    if (!row) throw new Error("invitation insert returned nothing");
    return row;
  });

  const language = await ownerLanguage(db, input.householdId);
  const inviterName = await memberName(db, viewer.memberId, viewer.name);
  const mail = invitationMail(language, {
    to: email,
    inviterName,
    householdName: viewer.householdName,
    url: `${deps.config.baseUrl}/invitation?token=${encodeURIComponent(token)}`,
  });
  try {
    await deps.mailer.send(mail);
  } catch (error) {
    deps.logger.error("invitation mail could not be sent", {
      invitationId: invitation.id,
      error,
    });
  }
  return invitationAnswer(invitation);
}

async function memberName(db: Db, memberId: string | null, fallback: string): Promise<string> {
  if (!memberId) return fallback;
  const [row] = await db
    .select({ name: profiles.fullName })
    .from(members)
    .innerJoin(profiles, eq(profiles.id, members.userId))
    .where(eq(members.id, memberId))
    .limit(1);
  return row?.name ?? fallback;
}

function previewStatus(row: InvitationRow, now = new Date()): PreviewStatus {
  if (row.status === "pending" && row.expiresAt <= now) return "expired";
  return row.status;
}

/** What the invitation page shows before anyone signs in. An unknown token is not found. */
export async function previewInvitation(db: Db, token: string) {
  const [row] = await db
    .select({ invitation: invitations, householdName: households.name })
    .from(invitations)
    .innerJoin(households, eq(households.id, invitations.householdId))
    .where(eq(invitations.tokenHash, hashInvitationToken(token)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", "We could not find this invitation.");
  const [inviter] = row.invitation.invitedByMemberId
    ? await db
        .select({ name: members.name, profileName: profiles.fullName })
        .from(members)
        .leftJoin(profiles, eq(profiles.id, members.userId))
        .where(eq(members.id, row.invitation.invitedByMemberId))
        .limit(1)
    : [];
  return {
    householdName: row.householdName,
    inviterName: inviter?.profileName ?? inviter?.name ?? row.householdName,
    invitedEmail: row.invitation.invitedEmail,
    status: previewStatus(row.invitation),
  };
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * The checks both answers to an invitation share: the token names a pending, unexpired
 * invitation whose inviter is still an active member of its household, and the viewer has
 * confirmed the invited address. Locks the invitation row until the transaction ends.
 */
async function openInvitation(tx: Tx, viewer: Viewer, token: string, t: HouseholdMessages) {
  const [invitation] = await tx
    .select()
    .from(invitations)
    .where(eq(invitations.tokenHash, hashInvitationToken(token)))
    .limit(1)
    .for("update");
  if (!invitation || previewStatus(invitation) !== "pending") {
    throw new AppError("INVALID_TOKEN", t.invalidToken);
  }
  const [inviter] = invitation.invitedByMemberId
    ? await tx
        .select({ id: members.id })
        .from(members)
        .where(
          and(
            eq(members.id, invitation.invitedByMemberId),
            eq(members.householdId, invitation.householdId),
            eq(members.invitationStatus, "active"),
          ),
        )
        .limit(1)
    : [];
  if (!inviter) throw new AppError("INVALID_TOKEN", t.invalidToken);
  if (!viewer.emailVerified) throw new AppError("FORBIDDEN", t.unverified);
  if (viewer.email.toLowerCase() !== invitation.invitedEmail) {
    throw new AppError("FORBIDDEN", t.wrongAddress(invitation.invitedEmail));
  }
  return invitation;
}

export type AcceptOptions = {
  /** The household-owned tables to move; the registry unless a test passes its own. */
  ownedTables?: readonly HouseholdOwnedTable[];
  /** The language the person's screen shows (the request's header), for a refusal. */
  language?: string | undefined;
  /** Test-only: runs inside the transaction after every change, before the commit. */
  beforeCommit?: (tx: Tx) => Promise<void>;
  /** Today, from which the households' booked policies are rewritten (default: today). */
  day?: IsoDate;
};

/**
 * Accepts an invitation, all in one transaction: the invitation is marked accepted, the person's
 * membership in their old household is marked removed and a `member` row in the inviting
 * household added. When they were the only person of their old household, its rows move along
 * (every registered household-owned table, member references re-pointed at the new row), its
 * removed people's rows move too (so history keeps its references), and the old household is
 * deleted. A person who leaves a household with other people takes nothing with them. The
 * premiums booked for policies of the whole household, in the household joined and in the one
 * left behind, are rewritten from today on with the new parts (decision 024).
 */
export async function acceptInvitation(
  db: Db,
  viewer: Viewer,
  token: string,
  options: AcceptOptions = {},
) {
  const t = await messagesFor(db, viewer);
  const ownedTables = options.ownedTables ?? householdOwnedTables;
  const billingT = messagesIn(await languageFor(db, viewer, options.language));
  const day = options.day ?? today();
  const { household, rewritten } = await db.transaction(async (tx) => {
    const invitation = await openInvitation(tx, viewer, token, t);
    const [current] = await tx
      .select()
      .from(members)
      .where(
        and(
          eq(members.userId, viewer.userId),
          eq(members.isHousehold, false),
          eq(members.invitationStatus, "active"),
        ),
      )
      .limit(1)
      .for("update");
    if (current?.householdId === invitation.householdId) {
      throw new AppError("CONFLICT", t.alreadyInHousehold);
    }
    const others = current
      ? await tx
          .select({ id: members.id })
          .from(members)
          .where(
            and(
              eq(members.householdId, current.householdId),
              eq(members.isHousehold, false),
              eq(members.invitationStatus, "active"),
              ne(members.id, current.id),
            ),
          )
          .limit(1)
      : [];
    if (current?.role === "owner" && others.length > 0) {
      throw new AppError("CONFLICT", t.ownerWithMembers);
    }
    // Leaving deletes the old household: never while its paid plan is still being charged, or
    // Stripe would go on charging a household that no longer exists (decision 016).
    if (current?.role === "owner" && (await chargingSubscription(tx, current.householdId))) {
      throw new AppError("CONFLICT", billingT.paidPlanRunning);
    }
    const [household] = await tx
      .select({ id: households.id, name: households.name })
      .from(households)
      .where(eq(households.id, invitation.householdId))
      .limit(1);
    if (!household) throw new AppError("INVALID_TOKEN", t.invalidToken);

    await tx
      .update(invitations)
      .set({ status: "accepted", respondedAt: new Date() })
      .where(eq(invitations.id, invitation.id));
    if (current) {
      await tx
        .update(members)
        .set({ invitationStatus: "removed" })
        .where(eq(members.id, current.id));
    }
    const [profile] = await tx
      .select({ fullName: profiles.fullName })
      .from(profiles)
      .where(eq(profiles.id, viewer.userId))
      .limit(1);
    const [joined] = await tx
      .insert(members)
      .values({
        userId: viewer.userId,
        householdId: household.id,
        name: profile?.fullName ?? viewer.name,
        role: "member",
      })
      .returning({ id: members.id });
    if (!joined) throw new Error("member insert returned nothing");

    if (current && others.length === 0) {
      const [aggregate] = await tx
        .select({ id: members.id })
        .from(members)
        .where(and(eq(members.householdId, current.householdId), eq(members.isHousehold, true)))
        .limit(1);
      const move = {
        fromHouseholdId: current.householdId,
        toHouseholdId: household.id,
        fromMemberIds: aggregate ? [current.id, aggregate.id] : [current.id],
        toMemberId: joined.id,
      };
      for (const owned of ownedTables) {
        for (const statement of owned.beforeMove?.(move) ?? []) await tx.execute(statement);
      }
      for (const owned of ownedTables) await tx.execute(moveRowsStatement(owned, move));
      // People removed from the old household keep their rows (entries may point at them).
      await tx
        .update(members)
        .set({ householdId: household.id })
        .where(
          and(
            eq(members.householdId, current.householdId),
            eq(members.isHousehold, false),
            ne(members.id, current.id),
          ),
        );
      // Both households brought the default set: one "Groceries" is enough (budgets are added up).
      await dedupeCategories(tx, household.id);
      await tx.delete(households).where(eq(households.id, current.householdId));
    }
    await tx
      .update(profiles)
      .set({ scopeMemberId: null, updatedAt: new Date() })
      .where(eq(profiles.id, viewer.userId));
    // The people changed in the household joined, and in the one left when it still has
    // people. The policies a household merged away brought along now name the person
    // (household-owned.ts): their booking already agrees and is left as it is.
    const rewritten = await rebookHouseholdPolicies(
      tx,
      current && others.length > 0 ? [household.id, current.householdId] : [household.id],
      day,
    );
    if (options.beforeCommit) await options.beforeCommit(tx);
    return { household, rewritten };
  });
  for (const rule of rewritten) await catchUpRewritten(db, rule, day);
  return household;
}

/** The invitee says no: the invitation is marked `declined`. */
export async function declineInvitation(db: Db, viewer: Viewer, token: string) {
  const t = await messagesFor(db, viewer);
  await db.transaction(async (tx) => {
    const invitation = await openInvitation(tx, viewer, token, t);
    await tx
      .update(invitations)
      .set({ status: "declined", respondedAt: new Date() })
      .where(eq(invitations.id, invitation.id));
  });
  return { status: "declined" as const };
}

/** The owner cancels a pending invitation of their household: its status becomes `declined`. */
export async function cancelInvitation(db: Db, viewer: Viewer, invitationId: string) {
  const t = await messagesFor(db, viewer);
  if (!isUuid(invitationId)) throw new AppError("NOT_FOUND", t.invitationNotFound);
  const [found] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, invitationId), eq(invitations.householdId, viewer.householdId)))
    .limit(1);
  if (!found) throw new AppError("NOT_FOUND", t.invitationNotFound);
  assertOwner(viewer, t);
  if (found.status !== "pending") throw new AppError("CONFLICT", t.notPending);
  const [updated] = await db
    .update(invitations)
    .set({ status: "declined", respondedAt: new Date() })
    .where(and(eq(invitations.id, invitationId), eq(invitations.status, "pending")))
    .returning();
  if (!updated) throw new AppError("CONFLICT", t.notPending);
  return invitationAnswer(updated);
}
