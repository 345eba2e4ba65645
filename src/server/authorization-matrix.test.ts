import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "#test/accounts.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { buildMatrixFixture, makeStaticDir, type MatrixFixture } from "#test/matrix-fixture.ts";
import { compareRouteLists, runEntry } from "#test/matrix-runner.ts";
import { routeMatrix, type MatrixEntry } from "#test/route-matrix.ts";
import { disabledAuthPaths, servedRoutes } from "#test/served-routes.ts";
import { useTestApp } from "#test/test-app.ts";

/**
 * The authorization matrix (decision 017): every route the app serves, read from its router,
 * has an entry in src/test/route-matrix.ts saying what a visitor, the owner of another
 * household, an administrator, a member and the owner of household A get; each entry is run for
 * each of them on the real app and database, and nothing may change where it should not.
 */
describeOnEachDatabase("the authorization matrix", (database) => {
  const adminEmail = uniqueEmail("matrix-admin");
  const staticFiles = makeStaticDir();
  afterAll(() => staticFiles.remove());
  const testApp = useTestApp(database, { ADMIN_EMAILS: adminEmail, BILLING: "test" }, () => ({
    staticDir: staticFiles.dir,
  }));
  let fx: MatrixFixture;
  beforeAll(async () => {
    fx = await buildMatrixFixture(testApp, {
      adminEmail,
      staticDir: staticFiles.dir,
      assetPath: staticFiles.assetPath,
    });
  }, 120_000);

  it("has exactly one entry for every route the app serves", () => {
    const served = servedRoutes(testApp());
    expect(
      compareRouteLists(
        served,
        routeMatrix.map((entry) => entry.route),
      ),
    ).toEqual([]);
  });

  describe("each route, for each caller", () => {
    for (const entry of routeMatrix) {
      it(entry.route, async () => {
        const results = await runEntry(fx, entry, disabledAuthPaths(testApp()));
        const problems = results.flatMap(({ caller, problems: found }) =>
          found.map((problem) => `${entry.route} as ${caller}: ${problem}`),
        );
        expect(problems).toEqual([]);
      });
    }
  });

  describe("the checks themselves", () => {
    it("name a route without an entry, an entry without a route and a route listed twice", () => {
      expect(
        compareRouteLists(
          ["GET /api/a", "POST /api/b"],
          ["GET /api/a", "GET /api/a", "DELETE /api/c"],
        ),
      ).toEqual([
        "GET /api/a has more than one entry in src/test/route-matrix.ts",
        "POST /api/b is served but has no entry in src/test/route-matrix.ts: add one",
        "DELETE /api/c has an entry in src/test/route-matrix.ts but the app does not serve it",
      ]);
    });

    it("notice a request that changed the database where it must not", async () => {
      const entry: MatrixEntry = {
        route: "PATCH /api/profile",
        request: () => ({ path: "/api/profile", body: { bio: `Changed ${randomUUID()}` } }),
        expect: {
          anonymous: 401,
          otherHousehold: { status: 200, unchanged: true },
          admin: { status: 200, unchanged: true },
          member: { status: 200, unchanged: true },
          owner: { status: 200, unchanged: true },
        },
      };
      const results = await runEntry(fx, entry, new Set());
      expect(results.map((result) => [result.caller, result.problems])).toEqual([
        ["anonymous", []],
        ["otherHousehold", ["answered 200 but changed profiles"]],
        ["admin", ["answered 200 but changed profiles"]],
        ["member", ["answered 200 but changed profiles"]],
        ["owner", ["answered 200 but changed profiles"]],
      ]);
    });

    it("notice a foreign id that answers otherwise than an unknown one", async () => {
      const entry: MatrixEntry = {
        route: "GET /api/me",
        // Household A's id leads to a route that answers; an unknown one to one that does not.
        request: ({ a }) => ({
          path: a.householdId === fx.a.householdId ? "/api/me" : "/api/no-such-route",
        }),
        expect: { anonymous: 401, otherHousehold: 200, admin: 200, member: 200, owner: 200 },
      };
      const results = await runEntry(fx, entry, new Set());
      const foreign = results.filter((result) => result.problems.length > 0);
      expect(foreign.map((result) => result.caller)).toEqual(["otherHousehold", "admin"]);
      expect(foreign[0]?.problems[0]).toMatch(
        /^household A's ids answer 200 .*unknown ids answer 404/,
      );
    });

    it("notice a household's data changed by someone outside it", async () => {
      // Signing in with the owner's password makes a session of A's owner: from outside A, that
      // is a change of A's data the check must see.
      const entry: MatrixEntry = {
        route: "POST /api/auth/sign-in/email",
        request: () => ({
          path: "/api/auth/sign-in/email",
          body: { email: fx.people.owner.email, password: fx.people.owner.password },
        }),
        expect: { anonymous: 200, otherHousehold: 200, admin: 200, member: 200, owner: 200 },
      };
      const results = await runEntry(fx, entry, new Set());
      expect(results.map((result) => [result.caller, result.problems])).toEqual([
        ["anonymous", ["a caller outside household A changed A's session"]],
        ["otherHousehold", ["a caller outside household A changed A's session"]],
        ["admin", ["a caller outside household A changed A's session"]],
        ["member", []],
        ["owner", []],
      ]);
    });
  });
});
