import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import type { Context } from "hono";
import type { Auth } from "#server/auth.ts";
import type { Db } from "#server/db/client.ts";
import { session, user } from "#server/db/schema/auth.ts";
import { subscriptions } from "#server/db/schema/billing.ts";
import { households, members, profiles } from "#server/db/schema/households.ts";
import {
  createHouseholdForUser,
  findMembership,
  shownHouseholdName,
} from "#server/features/households/households.service.ts";
import { AppError } from "#server/lib/app-error.ts";
import type { AppEnv } from "#server/lib/router.ts";
import { isLanguage, pickLanguage, type Language } from "#shared/i18n.ts";

/** Who is asking: put on the context by `loadSession`; the household always comes from here. */
export type Viewer = {
  userId: string;
  email: string;
  name: string;
  emailVerified: boolean;
  householdId: string;
  householdName: string;
  memberId: string;
  role: "owner" | "member";
  /** The language to answer in: the one on screen (x-hearth-language), else the profile's. */
  language: Language;
  /**
   * The household's `data_version` as this request's session query read it (the quick way only):
   * a kept answer of this version still holds (decision 045, middleware/answer-cache.ts).
   */
  dataVersion?: number;
  /**
   * Read with the session in the same query (the quick way only; absent, they are read when
   * needed): the household's subscription (null: none) for its plan, and the person's profile
   * with the scope picker's choice already checked against the household's active members.
   */
  loaded?: {
    subscription: {
      planName: "free" | "premium" | "pro";
      status: string;
      currentPeriodEnd: Date | null;
    } | null;
    profile: {
      fullName: string;
      preferredLanguage: string;
      planName: string | null;
      avatarUrl: string | null;
      scopeMemberId: string | null;
    } | null;
  };
};

/**
 * The session cookie's token when its signature is Better Auth's (an HMAC-SHA256 of the token
 * with the secret, base64, after the last dot), else null: a forged or mangled cookie never
 * reaches the database.
 */
export function verifiedToken(value: string | undefined, secret: string): string | null {
  if (!value) return null;
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  const expected = createHmac("sha256", secret).update(token).digest();
  const given = Buffer.from(signature, "base64");
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

type AuthSettings = {
  secret: string;
  tokenCookie: string;
  /** Cookies that make Better Auth answer differently (a cookie cache, "don't remember me"). */
  otherCookies: string[];
  expiresInMs: number;
  updateAgeMs: number;
};

/** The member the scope picker points at, when they are an active member of the household. */
const scopeMember = alias(members, "scope_member");

/**
 * The session, its person and their household in one round trip, as a prepared statement, with
 * what nearly every request asks next: the household's subscription and the person's profile.
 */
function viewerQuery(db: Db) {
  return db
    .select({
      expiresAt: session.expiresAt,
      userId: user.id,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
      memberId: members.id,
      householdId: members.householdId,
      householdName: households.name,
      householdDefaultNameOf: households.defaultNameOf,
      dataVersion: households.dataVersion,
      role: members.role,
      preferredLanguage: profiles.preferredLanguage,
      profileName: profiles.fullName,
      profilePlan: profiles.planName,
      avatarUrl: profiles.avatarUrl,
      scopeMemberId: scopeMember.id,
      subscriptionPlan: subscriptions.planName,
      subscriptionStatus: subscriptions.status,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(
      members,
      and(
        eq(members.userId, user.id),
        eq(members.isHousehold, false),
        eq(members.invitationStatus, "active"),
      ),
    )
    .leftJoin(households, eq(households.id, members.householdId))
    .leftJoin(profiles, eq(profiles.id, user.id))
    .leftJoin(
      scopeMember,
      and(
        eq(scopeMember.id, profiles.scopeMemberId),
        eq(scopeMember.householdId, members.householdId),
        eq(scopeMember.isHousehold, false),
        eq(scopeMember.invitationStatus, "active"),
      ),
    )
    .leftJoin(subscriptions, eq(subscriptions.householdId, members.householdId))
    .where(eq(session.token, sql.placeholder("token")))
    .limit(1)
    .prepare("hearth_session_viewer");
}

/**
 * Reads the session cookie, forwards a refreshed cookie (sliding expiry), and resolves the
 * person's household. Someone removed from a household gets a fresh one of their own.
 *
 * Most requests take the quick way: the cookie's signature checked here as Better Auth checks it,
 * then the session, the person and their membership read in one prepared query — nothing cached,
 * so a session signed out or a member removed is seen on the very next request. Whenever Better
 * Auth would do more than read (a session to refresh or to clear, a cookie cache, "don't remember
 * me", no household yet) or anything is unusual, the request goes Better Auth's own way.
 */
export function loadSession(deps: { auth: Auth; db: Db }) {
  let settings: Promise<AuthSettings> | null = null;
  let prepared: ReturnType<typeof viewerQuery> | null = null;
  const authSettings = () =>
    (settings ??= deps.auth.$context.then((context) => ({
      secret: context.secret,
      tokenCookie: context.authCookies.sessionToken.name,
      otherCookies: [
        context.authCookies.sessionData.name,
        context.authCookies.dontRememberToken.name,
      ],
      expiresInMs: context.sessionConfig.expiresIn * 1000,
      updateAgeMs: context.sessionConfig.updateAge * 1000,
    })));

  /**
   * The viewer the quick way; null when the request carries none of Better Auth's cookies (nor a
   * piece of a chunked one), which Better Auth would answer "no session" without setting a
   * cookie, after building its context for the request (a load balancer's /api/health, a
   * signed-out visitor); undefined when Better Auth must answer.
   */
  async function quickViewer(c: Context<AppEnv>): Promise<Viewer | null | undefined> {
    const auth = await authSettings();
    const cookies = getCookie(c);
    const authCookies = [auth.tokenCookie, ...auth.otherCookies];
    if (!Object.keys(cookies).some((name) => authCookies.some((own) => name.startsWith(own))))
      return null;
    if (auth.otherCookies.some((name) => name in cookies)) return undefined;
    const token = verifiedToken(cookies[auth.tokenCookie], auth.secret);
    if (token === null) return undefined;
    prepared ??= viewerQuery(deps.db);
    const [row] = await prepared.execute({ token });
    const now = Date.now();
    if (
      !row ||
      row.expiresAt.getTime() <= now ||
      // Better Auth slides the expiry once a day: its way writes the session and the cookie.
      row.expiresAt.getTime() - auth.expiresInMs + auth.updateAgeMs <= now ||
      row.memberId === null ||
      row.householdId === null ||
      row.householdName === null ||
      row.dataVersion === null ||
      row.role === null
    ) {
      return undefined;
    }
    const onScreen = c.req.header("x-hearth-language");
    const profileLanguage = isLanguage(row.preferredLanguage) ? row.preferredLanguage : "en";
    const language = isLanguage(onScreen) ? onScreen : profileLanguage;
    return {
      userId: row.userId,
      email: row.email,
      name: row.name,
      emailVerified: row.emailVerified,
      householdId: row.householdId,
      householdName: shownHouseholdName(
        { name: row.householdName, defaultNameOf: row.householdDefaultNameOf },
        language,
      ),
      memberId: row.memberId,
      role: row.role,
      language,
      dataVersion: row.dataVersion,
      loaded: {
        subscription:
          row.subscriptionPlan === null || row.subscriptionStatus === null
            ? null
            : {
                planName: row.subscriptionPlan,
                status: row.subscriptionStatus,
                currentPeriodEnd: row.currentPeriodEnd,
              },
        profile:
          row.profileName === null || row.preferredLanguage === null
            ? null
            : {
                fullName: row.profileName,
                preferredLanguage: row.preferredLanguage,
                planName: row.profilePlan,
                avatarUrl: row.avatarUrl,
                scopeMemberId: row.scopeMemberId,
              },
      },
    };
  }

  return createMiddleware<AppEnv>(async (c, next) => {
    const quick = await quickViewer(c);
    if (quick !== undefined) {
      c.set("viewer", quick);
      await next();
      return;
    }
    const { headers, response } = await deps.auth.api.getSession({
      headers: c.req.raw.headers,
      returnHeaders: true,
    });
    if (!response) {
      c.set("viewer", null);
      await next();
    } else {
      const { user } = response;
      let membership = await findMembership(deps.db, user.id);
      if (!membership) {
        await createHouseholdForUser(deps.db, {
          userId: user.id,
          fullName: user.name,
          language: pickLanguage(c.req.header("accept-language")),
        });
        membership = await findMembership(deps.db, user.id);
      }
      if (!membership) throw new AppError("INTERNAL", "The household could not be loaded.");
      const onScreen = c.req.header("x-hearth-language");
      const language = isLanguage(onScreen) ? onScreen : membership.language;
      c.set("viewer", {
        userId: user.id,
        email: user.email,
        name: user.name,
        emailVerified: user.emailVerified,
        ...membership,
        householdName: shownHouseholdName(
          { name: membership.householdName, defaultNameOf: membership.householdDefaultNameOf },
          language,
        ),
        language,
      });
      await next();
    }
    for (const cookie of headers.getSetCookie()) c.header("set-cookie", cookie, { append: true });
  });
}

/** Refuses a signed-out caller with 401 and gives the handler a non-null viewer. */
export function requireViewer(c: { get(key: "viewer"): Viewer | null }): Viewer {
  const viewer = c.get("viewer");
  if (!viewer) throw new AppError("UNAUTHENTICATED", "Please sign in to continue.");
  return viewer;
}
