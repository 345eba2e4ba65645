import { createHash } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "#test/accounts.ts";
import {
  badInputRuns,
  badInputSeed,
  badRequests,
  describeBadRequest,
  type BadRequest,
} from "#test/bad-input.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { changedTables, databaseFingerprint } from "#test/fingerprint.ts";
import {
  buildMatrixFixture,
  makeStaticDir,
  type Caller,
  type MatrixFixture,
} from "#test/matrix-fixture.ts";
import {
  clientFor,
  effectiveExpectation,
  isErrorShape,
  keepSessions,
  methodOf,
  send,
} from "#test/matrix-runner.ts";
import { RawBody } from "#test/client.ts";
import { routeMatrix, type MatrixEntry, type MatrixRequest } from "#test/route-matrix.ts";
import {
  disabledAuthPaths,
  isWritingMethod,
  servedRoutes,
  splitRoute,
} from "#test/served-routes.ts";
import { useTestApp } from "#test/test-app.ts";

/**
 * Generated bad input (decision 017): for every route that writes, and every route that reads a
 * query or a path id, fast-check corrupts the request the authorization matrix sends for the
 * caller who may make it (src/test/route-matrix.ts), at least 200 times per route: wrong types,
 * huge strings, control characters, extreme numbers and dates, nulls, arrays, left-out fields,
 * unknown fields, bodies that are not JSON, bad ids and queries. No answer may be a 5xx, every
 * refusal must be in the one error shape, no request with a bad corruption may succeed, and the
 * database must be the same after the route's requests as before them.
 */
const numRuns = badInputRuns;
/** A fixed seed per route (BAD_INPUT_SEED changes them all); printed with every failure. */
const baseSeed = badInputSeed;
const seedOf = (route: string) =>
  (baseSeed ^ createHash("sha256").update(route).digest().readInt32BE(0)) | 0;

/** Who sends the valid request: the first caller the matrix lets make it. */
const senders: Caller[] = ["owner", "admin", "member", "otherHousehold", "anonymous"];

/** Whether a valid request has something to corrupt: a JSON body with fields, a form, a query or a path id. */
function corruptible(entry: MatrixEntry, request: MatrixRequest): boolean {
  const body = request.body;
  // What the generator corrupts: a JSON object with fields, or a form (a text body is the
  // business of the route that reads it, like Stripe's signed webhook).
  const hasBody =
    body instanceof RawBody
      ? body.raw instanceof FormData
      : typeof body === "object" && body !== null && Object.keys(body).length > 0;
  return hasBody || entry.route.includes("/:") || Object.keys(request.query ?? {}).length > 0;
}

/** The routes the generated bad input runs: every route that writes, every GET that says so. */
const targets = routeMatrix.filter((entry) => {
  if (entry.badInput?.nothingToCorrupt) return false;
  const { method, pattern } = splitRoute(entry.route);
  return (
    isWritingMethod(method) ||
    (method === "GET" && (pattern.includes("/:") || entry.badInput !== undefined))
  );
});

type Failure = { request: BadRequest; status: number; problem: string; body: string };

function report(route: string, seed: number, failures: Failure[]): string[] {
  const groups = new Map<string, Failure[]>();
  for (const failure of failures) {
    const kinds = [
      ...new Set(failure.request.corruptions.filter((c) => c.bad).map((c) => `${c.at} ${c.kind}`)),
    ].join(", ");
    const key = `${failure.problem} (${failure.status}) for ${kinds}`;
    groups.set(key, [...(groups.get(key) ?? []), failure]);
  }
  return [...groups].map(([key, list]) => {
    const first = list[0];
    const example = first
      ? ` — e.g. ${first.request.url.slice(0, 160)} with ${describeBadRequest(first.request)} → ${first.body.slice(0, 200)}`
      : "";
    return `${route} (seed ${seed}): ${list.length}× ${key}${example}`;
  });
}

describeOnEachDatabase("generated bad input", (database) => {
  const adminEmail = uniqueEmail("bad-input-admin");
  const staticFiles = makeStaticDir();
  afterAll(() => staticFiles.remove());
  // The limits are not the point here: RATE_LIMIT=false so no answer is a 429 instead.
  const testApp = useTestApp(
    database,
    { ADMIN_EMAILS: adminEmail, BILLING: "test", RATE_LIMIT: "false" },
    () => ({ staticDir: staticFiles.dir }),
  );
  let fx: MatrixFixture;
  beforeAll(async () => {
    fx = await buildMatrixFixture(testApp, {
      adminEmail,
      staticDir: staticFiles.dir,
      assetPath: staticFiles.assetPath,
    });
  }, 120_000);

  it("corrupts every route that writes or reads a query or an id, or says why not", () => {
    const served = servedRoutes(testApp());
    const problems = routeMatrix.flatMap((entry) => {
      const { method } = splitRoute(entry.route);
      const request = entry.request({
        fx,
        a: fx.a,
        made: {},
        caller: "owner",
        person: fx.people.owner,
      });
      const reads = corruptible(entry, request);
      if (!served.includes(entry.route)) return [];
      if (entry.badInput?.nothingToCorrupt) {
        return reads
          ? [
              `${entry.route} says there is nothing to corrupt, but it reads a body, query or path id`,
            ]
          : [];
      }
      if (isWritingMethod(method) && !reads) {
        return [
          `${entry.route} writes but has nothing to corrupt: its entry must say so (badInput.nothingToCorrupt)`,
        ];
      }
      if (method === "GET" && reads && !targets.includes(entry)) {
        return [`${entry.route} reads a query: give its entry a badInput (even an empty one)`];
      }
      return [];
    });
    expect(problems).toEqual([]);
    expect(
      served.filter(
        (route) =>
          isWritingMethod(splitRoute(route).method) && !routeMatrix.some((e) => e.route === route),
      ),
    ).toEqual([]);
  });

  const started = Date.now();
  afterAll(() => {
    console.info(
      `generated bad input on ${database().kind}: ${Math.round((Date.now() - started) / 1000)} s`,
    );
  });

  describe("each route", () => {
    for (const entry of targets) {
      const { pattern } = splitRoute(entry.route);
      it(
        entry.route,
        async () => {
          const db = testApp().deps.database.db;
          const disabled = disabledAuthPaths(testApp());
          const caller =
            senders.find((who) => {
              const status = effectiveExpectation(entry, who, disabled).status;
              return status >= 200 && status < 300;
            }) ?? "owner";
          const made = entry.setup ? await entry.setup(fx, caller) : {};
          const person = caller === "anonymous" ? null : fx.people[caller];
          const valid = entry.request({ fx, a: fx.a, made, caller, person });
          const seed = seedOf(entry.route);
          const cases = fc.sample(
            badRequests({
              pattern,
              valid,
              optional: entry.badInput?.optional ?? [],
              fractional: entry.badInput?.fractional ?? [],
            }),
            { numRuns, seed },
          );
          const harmless = entry.badInput?.harmless ?? [];
          const failures: Failure[] = [];
          const before = await databaseFingerprint(db);
          const sendOne = async (request: BadRequest) => {
            const { response, body } = await send(clientFor(fx, caller), methodOf(entry.route), {
              path: request.url,
              body: request.body,
            });
            const status = response.status;
            const text = typeof body === "string" ? body : JSON.stringify(body);
            if (status >= 500)
              failures.push({ request, status, problem: "answered 5xx", body: text });
            else if (status >= 400 && !isErrorShape(body)) {
              failures.push({
                request,
                status,
                problem: "refused outside the error shape",
                body: text,
              });
            } else if (status < 300) {
              const accepted = request.corruptions.filter(
                (c) => c.bad && !harmless.some((h) => h.at === c.at && h.kinds.includes(c.kind)),
              );
              if (accepted.length > 0) {
                failures.push({ request, status, problem: "accepted", body: text });
              }
            }
          };
          for (let i = 0; i < cases.length; i += 4) {
            await Promise.all(cases.slice(i, i + 4).map(sendOne));
          }
          const after = await databaseFingerprint(db);
          const changed = changedTables(before, after);
          await keepSessions(fx);
          const problems = report(entry.route, seed, failures);
          if (changed.length > 0) {
            problems.push(
              `${entry.route} (seed ${seed}): after ${cases.length} bad requests, ${changed.join(", ")} changed`,
            );
          }
          expect(problems).toEqual([]);
        },
        300_000,
      );
    }
  });
});
