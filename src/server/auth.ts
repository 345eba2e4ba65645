import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import type { Db } from "#server/db/client.ts";
import * as authSchema from "#server/db/schema/auth.ts";
import type { Config } from "#server/env.ts";
import {
  createHouseholdForUser,
  findProfile,
  fitFullName,
} from "#server/features/households/households.service.ts";
import { limits, type Limiter } from "#server/lib/limits.ts";
import type { Logger } from "#server/lib/logger.ts";
import {
  existingAccountMail,
  resetPasswordMail,
  verificationMail,
} from "#server/lib/mail-templates.ts";
import type { Mail, Mailer } from "#server/lib/mail.ts";
import { isLanguage, pickLanguage, type Language } from "#shared/i18n.ts";
import { judgePassword } from "#shared/password.ts";
import { passwordMaxLength, passwordMinLength } from "#shared/password-rules.ts";

/** The header our server sets from the socket (or a trusted proxy); clients cannot forge it. */
export const clientIpHeader = "x-hearth-client-ip";
/** The header the client sends with the language it shows, for mails sent before a profile exists. */
export const languageHeader = "x-hearth-language";

const passwordPaths = new Set(["/sign-up/email", "/reset-password", "/change-password"]);

export function createAuth(deps: {
  config: Config;
  db: Db;
  mailer: Mailer;
  logger: Logger;
  limiter: Limiter;
}) {
  const { config, db, mailer, logger, limiter } = deps;

  const languageOf = async (userId: string, request?: Request): Promise<Language> => {
    const profile = await findProfile(db, userId);
    if (profile && isLanguage(profile.preferredLanguage)) return profile.preferredLanguage;
    return pickLanguage(
      request?.headers.get(languageHeader),
      request?.headers.get("accept-language"),
    );
  };

  // A mail that cannot be sent must not fail the request, nor reveal anything: log it.
  // Nor may it flood one address: over its limit the mail is not sent (and only the log says so,
  // so the answer tells nobody whether the address has an account; decision 014).
  const deliver = async (mail: Mail) => {
    const taken = await limiter.take(limits.mailsReceived, mail.to);
    if (!taken.ok) {
      logger.warn("mail not sent: the address had enough mail this hour", {
        to: mail.to,
        subject: mail.subject,
      });
      return;
    }
    try {
      await mailer.send(mail);
    } catch (error) {
      logger.error("mail could not be sent", { to: mail.to, subject: mail.subject, error });
    }
  };

  return betterAuth({
    appName: "Hearth",
    baseURL: config.baseUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    // Names change through PATCH /api/profile, which keeps the profile's rules; Better Auth's own
    // update-user took a name of any length and type, so it is not served.
    disabledPaths: ["/update-user"],
    database: drizzleAdapter(db, { provider: "pg", schema: authSchema }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: passwordMinLength,
      maxPasswordLength: passwordMaxLength,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // A new password ends a run of wrong guesses on the account (the sign-in limit, 014).
      onPasswordReset: async ({ user }) => {
        await limiter.clear(limits.signIns, user.email);
      },
      // Sign-up answers alike for new and known addresses; the owner of a known one is told.
      onExistingUserSignUp: async ({ user }, request) => {
        const language = await languageOf(user.id, request);
        await deliver(
          existingAccountMail(language, user.email, user.name, `${config.baseUrl}/auth`),
        );
      },
      sendResetPassword: async ({ user, url }, request) => {
        const language = await languageOf(user.id, request);
        await deliver(resetPasswordMail(language, user.email, user.name, url));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }, request) => {
        const language = await languageOf(user.id, request);
        await deliver(verificationMail(language, user.email, user.name, url));
      },
    },
    socialProviders: config.google
      ? {
          google: {
            clientId: config.google.clientId,
            clientSecret: config.google.clientSecret,
            accessType: "offline",
            prompt: "select_account consent",
          },
        }
      : {},
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: config.rateLimit,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: 5 },
        "/sign-up/email": { window: 60, max: 5 },
        "/request-password-reset": { window: 300, max: 3 },
        "/send-verification-email": { window: 300, max: 3 },
        "/reset-password": { window: 60, max: 5 },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [clientIpHeader] },
      useSecureCookies: config.baseUrl.startsWith("https://"),
      // Better Auth turns its origin and callback-URL checks off when NODE_ENV is "test"; keep them
      // on everywhere, so tests see what production does and no setting opens redirects.
      disableOriginCheck: false,
      cookiePrefix: "hearth",
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (!passwordPaths.has(ctx.path)) return;
        const body: unknown = ctx.body;
        if (typeof body !== "object" || body === null) return;
        // Better Auth accepts an empty name; the household is named after it, so refuse it.
        if (
          ctx.path === "/sign-up/email" &&
          "name" in body &&
          typeof body.name === "string" &&
          !body.name.trim()
        ) {
          throw new APIError("BAD_REQUEST", {
            code: "VALIDATION_ERROR",
            message: "Fill in your name.",
          });
        }
        const password =
          "newPassword" in body && typeof body.newPassword === "string"
            ? body.newPassword
            : "password" in body && typeof body.password === "string"
              ? body.password
              : undefined;
        if (password === undefined) return;
        const inputs = ["email", "name"].flatMap((key) => {
          const value: unknown = (body as Record<string, unknown>)[key];
          return typeof value === "string" ? [value] : [];
        });
        const verdict = judgePassword(password, inputs);
        if (!verdict.ok) {
          throw new APIError("BAD_REQUEST", {
            code: "WEAK_PASSWORD",
            message:
              verdict.reason === "too-short"
                ? `The password must have at least ${passwordMinLength} characters.`
                : verdict.reason === "too-long"
                  ? `The password may have at most ${passwordMaxLength} characters.`
                  : "This password is too easy to guess. Use a longer one, or a few unrelated words.",
          });
        }
      }),
    },
    // Every way Better Auth writes a user (sign-up, Google's sign-in, linking an account that
    // updates the user's details) keeps the name trimmed and within the profile's one limit.
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({ data: { ...user, name: fitFullName(user.name) } }),
          after: async (user, ctx) => {
            const request = ctx?.request;
            const language = pickLanguage(
              request?.headers.get(languageHeader) ?? ctx?.headers?.get(languageHeader),
              request?.headers.get("accept-language"),
            );
            await createHouseholdForUser(db, { userId: user.id, fullName: user.name, language });
          },
        },
        update: {
          before: async (user) =>
            typeof user.name === "string"
              ? { data: { ...user, name: fitFullName(user.name) } }
              : undefined,
        },
      },
    },
    logger: {
      level: config.logLevel === "debug" ? "debug" : "error",
      log: (level, message) => {
        if (level === "error") logger.error(`auth: ${message}`);
        else if (level === "warn") logger.warn(`auth: ${message}`);
        else logger.debug(`auth: ${message}`);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
