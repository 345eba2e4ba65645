import type { Context } from "hono";
import { errorBody } from "#server/lib/app-error.ts";
import { requestLanguage, type AppEnv } from "#server/lib/router.ts";
import { profileLimits, profileMessages } from "#shared/schemas/profile.schema.ts";
import { invalidRequestMessage, validationMessages } from "#shared/validation.ts";
import type { Language } from "#shared/i18n.ts";

/** The longest text any Better Auth field takes (addresses, callback URLs, tokens, passwords). */
export const authTextLimit = 2048;

/** Fields that hold a person's name: the profile's one limit holds for them on every path. */
const nameFields = new Set(["name"]);

type Refusal = { field: string; message: string };

function refuse(c: Context<AppEnv>, language: Language, refusal: Refusal): Response {
  return c.json(
    errorBody("VALIDATION", invalidRequestMessage[language], { [refusal.field]: refusal.message }),
    400,
  );
}

function tooLong(value: Record<string, unknown>, language: Language): Refusal | null {
  for (const [key, field] of Object.entries(value)) {
    if (typeof field !== "string") continue;
    if (nameFields.has(key) && field.trim().length > profileLimits.fullName) {
      return { field: key, message: profileMessages.fullNameTooLong };
    }
    if (field.length > authTextLimit) {
      return { field: key, message: validationMessages[language].textTooLong };
    }
  }
  return null;
}

/**
 * Checks a request to Better Auth before Better Auth reads it, and returns the body to hand on
 * (or the refusal to answer). A POST carries a JSON object (Google's form post to a callback
 * excepted): anything else is a 400 in the error shape, where Better Auth answered 500. Names
 * keep the profile's limit (sign-up and update-user wrote any length before), other text keeps
 * `authTextLimit`, and changing the password always ends the other sessions, whatever the
 * client asked (decision 013).
 */
export async function prepareAuthBody(
  c: Context<AppEnv>,
  path: string,
): Promise<{ body: string | undefined } | Response> {
  if (c.req.method !== "POST") return { body: undefined };
  const language = requestLanguage(c);
  const text = await c.req.text();
  const contentType = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (path.startsWith("/callback/") && contentType === "application/x-www-form-urlencoded") {
    return { body: text };
  }
  if (text.trim() === "" && path !== "/change-password") return { body: text };
  const notJson: Refusal = { field: "body", message: validationMessages[language].bodyNotJson };
  if (contentType !== "application/json") return refuse(c, language, notJson);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text === "" ? "{}" : text);
  } catch {
    return refuse(c, language, notJson);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return refuse(c, language, notJson);
  }
  const body = parsed as Record<string, unknown>;
  const long = tooLong(body, language);
  if (long) return refuse(c, language, long);
  // A value that is not a yes or no stays as sent, for Better Auth to refuse.
  const revoke = body.revokeOtherSessions;
  if (path === "/change-password" && (revoke === undefined || typeof revoke === "boolean")) {
    return { body: JSON.stringify({ ...body, revokeOtherSessions: true }) };
  }
  return { body: text };
}
