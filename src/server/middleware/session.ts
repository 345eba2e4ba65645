import { createMiddleware } from "hono/factory";
import type { Auth } from "#server/auth.ts";
import type { Db } from "#server/db/client.ts";
import {
  createHouseholdForUser,
  findMembership,
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
};

/**
 * Reads the session cookie, forwards a refreshed cookie (sliding expiry), and resolves the
 * person's household. Someone removed from a household gets a fresh one of their own.
 */
export function loadSession(deps: { auth: Auth; db: Db }) {
  return createMiddleware<AppEnv>(async (c, next) => {
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
      c.set("viewer", {
        userId: user.id,
        email: user.email,
        name: user.name,
        emailVerified: user.emailVerified,
        ...membership,
        language: isLanguage(onScreen) ? onScreen : membership.language,
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
