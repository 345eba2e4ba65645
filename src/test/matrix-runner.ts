import { randomUUID } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { errorBodySchema } from "#shared/schemas/errors.schema.ts";
import { isUuid } from "#shared/ids.ts";
import { RawBody, TestClient } from "#test/client.ts";
import {
  changedTables,
  databaseFingerprint,
  householdFingerprint,
  type Fingerprint,
} from "#test/fingerprint.ts";
import {
  callers,
  copyOf,
  signInAgain,
  type Caller,
  type MatrixFixture,
} from "#test/matrix-fixture.ts";
import type { Expectation, MatrixEntry, MatrixRequest, MatrixRun } from "#test/route-matrix.ts";
import { authBasePath, splitRoute } from "#test/served-routes.ts";

/**
 * What is wrong between the routes the app serves and the routes the table lists: a route
 * without an entry, an entry for a route that is gone, a route listed twice. One sentence each,
 * naming the route, so whoever adds a route knows what to add.
 */
export function compareRouteLists(served: readonly string[], listed: readonly string[]): string[] {
  const table = "src/test/route-matrix.ts";
  return [
    ...listed
      .filter((route, index) => listed.indexOf(route) !== index)
      .map((route) => `${route} has more than one entry in ${table}`),
    ...served
      .filter((route) => !listed.includes(route))
      .map((route) => `${route} is served but has no entry in ${table}: add one`),
    ...listed
      .filter((route) => !served.includes(route))
      .map((route) => `${route} has an entry in ${table} but the app does not serve it`),
  ];
}

/** The method a route is called with (ALL routes: GET). */
export function methodOf(route: string): string {
  const { method } = splitRoute(route);
  return method === "ALL" ? "GET" : method;
}

/** The path with its query string. */
export function urlOf(request: MatrixRequest): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined) params.set(key, value);
  }
  const query = params.toString();
  return query ? `${request.path}?${query}` : request.path;
}

/** The Better Auth path of a route under /api/auth ("/update-user"), or undefined. */
export function authPathOf(route: string): string | undefined {
  const { pattern } = splitRoute(route);
  return pattern.startsWith(`${authBasePath}/`) ? pattern.slice(authBasePath.length) : undefined;
}

/** What a caller must get: the entry's answer, or 404 for a Better Auth path switched off. */
export function effectiveExpectation(
  entry: MatrixEntry,
  caller: Caller,
  disabledAuthPaths: ReadonlySet<string>,
): Exclude<Expectation, number> {
  const authPath = authPathOf(entry.route);
  if (entry.unusedByHearth && authPath && disabledAuthPaths.has(authPath)) {
    return { status: 404 };
  }
  const expected = entry.expect[caller];
  return typeof expected === "number" ? { status: expected } : expected;
}

/** A client for the caller: a fresh visitor, or a copy of the person's signed-in client. */
export function clientFor(fx: MatrixFixture, caller: Caller): TestClient {
  if (caller === "anonymous") return new TestClient(fx.testApp);
  return copyOf(fx.testApp, fx.people[caller].client);
}

export async function send(
  client: TestClient,
  method: string,
  request: MatrixRequest,
): Promise<{ response: Response; body: unknown }> {
  const response = await client.request(method, urlOf(request), request.body);
  const type = response.headers.get("content-type") ?? "";
  const raw = await response.text();
  let body: unknown = raw;
  if (type.includes("json")) {
    try {
      body = JSON.parse(raw);
    } catch {
      body = raw;
    }
  }
  return { response, body };
}

/** Whether a body is the one error shape `{ error: { code, message, fields? } }`. */
export function isErrorShape(body: unknown): boolean {
  const parsed = errorBodySchema.safeParse(body);
  return parsed.success && parsed.data.error.message !== "";
}

function ghostValue(value: string): string {
  return isUuid(value) ? randomUUID() : randomUUID().replaceAll("-", "").slice(0, value.length);
}

/**
 * The same request with every id of household A (and every id the setup made) replaced by one
 * that exists nowhere: what a foreign id must be indistinguishable from.
 */
export function ghostRun(run: MatrixRun): MatrixRun {
  const a = Object.fromEntries(
    Object.entries(run.a).map(([key, value]) => [key, ghostValue(value)]),
  ) as MatrixRun["a"];
  const made = Object.fromEntries(
    Object.entries(run.made).map(([key, value]) => [
      key,
      key.endsWith("Id") ? ghostValue(value) : value,
    ]),
  );
  return { ...run, a, made };
}

function summary(body: unknown): string {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

function errorParts(body: unknown) {
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) return null;
  return {
    code: parsed.data.error.code,
    fields: Object.keys(parsed.data.error.fields ?? {}).sort(),
  };
}

const insideHousehold: ReadonlySet<Caller> = new Set(["member", "owner"]);

export type CallerResult = {
  caller: Caller;
  status: number;
  problems: string[];
};

/** Signs a person in again (on their own client) when a route ended their session. */
export async function keepSessions(fx: MatrixFixture) {
  for (const caller of callers) {
    if (caller === "anonymous") continue;
    const person = fx.people[caller];
    const me = await person.client.get("/api/me");
    if (me.status === 200) continue;
    const fresh = await signInAgain(fx.testApp, person);
    person.client.cookies.clear();
    for (const [name, value] of fresh.cookies) person.client.cookies.set(name, value);
  }
}

/**
 * Runs one entry for every caller, least privileged first: the setup, the request, the answer
 * against the expectation, the database before and after (a refusal, or a success that must
 * change nothing, leaves every table as it was; a success of someone outside household A leaves
 * A as it was), and for a foreign caller the answer to the same request with unknown ids.
 */
export async function runEntry(
  fx: MatrixFixture,
  entry: MatrixEntry,
  disabledAuthPaths: ReadonlySet<string>,
): Promise<CallerResult[]> {
  const db = fx.testApp().deps.database.db;
  const aUsers = [fx.people.owner.userId, fx.people.member.userId];
  const method = methodOf(entry.route);
  const results: CallerResult[] = [];
  for (const caller of callers) {
    const problems: string[] = [];
    const made = entry.setup ? await entry.setup(fx, caller) : {};
    const person = caller === "anonymous" ? null : fx.people[caller];
    const run: MatrixRun = { fx, a: fx.a, made, caller, person };
    const request = entry.request(run);
    const expected = effectiveExpectation(entry, caller, disabledAuthPaths);
    const outsider = !insideHousehold.has(caller);

    const before = await databaseFingerprint(db);
    const beforeA: Fingerprint | undefined = outsider
      ? await householdFingerprint(db, fx.a.householdId, aUsers)
      : undefined;
    const { response, body } = await send(clientFor(fx, caller), method, request);
    const after = await databaseFingerprint(db);
    const afterA = outsider ? await householdFingerprint(db, fx.a.householdId, aUsers) : undefined;

    const { status } = response;
    const what = `${method} ${urlOf(request)}`;
    if (status !== expected.status) {
      problems.push(`expected ${expected.status}, got ${status}: ${summary(body)}`);
    } else if (expected.code && errorParts(body)?.code !== expected.code) {
      problems.push(`expected the code ${expected.code}, got ${summary(body)}`);
    } else if (expected.check && status < 400) {
      const wrong = expected.check(body, run);
      if (wrong) problems.push(`${wrong}: ${summary(body)}`);
    }
    if (status >= 400 && request.path.startsWith("/api/") && !isErrorShape(body)) {
      problems.push(`the refusal ${status} is not in the one error shape: ${summary(body)}`);
    }
    if (status >= 500) problems.push(`answered ${status} to ${what}`);

    if (status >= 400 || expected.unchanged) {
      const changed = changedTables(before, after);
      if (changed.length > 0) {
        problems.push(`answered ${status} but changed ${changed.join(", ")}`);
      }
    } else if (beforeA && afterA) {
      const changed = changedTables(beforeA, afterA);
      if (changed.length > 0) {
        problems.push(`a caller outside household A changed A's ${changed.join(", ")}`);
      }
    }

    // A foreign id answers exactly as an id that exists nowhere.
    if (caller === "otherHousehold" || caller === "admin") {
      const ghost = ghostRun(run);
      const ghostRequest = entry.request(ghost);
      const differs = JSON.stringify(ghostRequest) !== JSON.stringify(request);
      if (differs && !(request.body instanceof RawBody) && (status >= 400 || method === "GET")) {
        const other = await send(clientFor(fx, caller), method, ghostRequest);
        const mine = errorParts(body);
        const theirs = errorParts(other.body);
        const same =
          other.response.status === status &&
          (status >= 400
            ? isDeepStrictEqual(mine, theirs)
            : typeof body === "string" || isDeepStrictEqual(body, other.body));
        if (!same) {
          problems.push(
            `household A's ids answer ${status} ${summary(body)}, unknown ids answer ${other.response.status} ${summary(other.body)}`,
          );
        }
      }
    }

    await entry.after?.(run, response);
    if (entry.endsSessions) await keepSessions(fx);
    results.push({ caller, status, problems });
  }
  return results;
}
