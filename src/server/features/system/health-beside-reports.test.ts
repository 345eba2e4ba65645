import pg from "pg";
import { expect, it } from "vitest";
import { outboxVerificationLink, signUpAndVerify } from "#test/accounts.ts";
import { describeOnEachDatabase } from "#test/databases.ts";
import { waitFor } from "#test/processes.ts";
import { useTestApp } from "#test/test-app.ts";

/**
 * No request waits behind another's report (issue 15, decision 027). The report is made to run
 * as long as the test wants: another connection holds the tables it reads, so it waits inside
 * the database. /api/health must answer meanwhile. With the database on the server's event loop
 * (PGlite, before decision 027) nothing could answer until the report was done.
 */
describeOnEachDatabase("the health check beside a long report", (database) => {
  const testApp = useTestApp(database);

  it("answers while a 12-month dashboard is still running, which then finishes", async () => {
    const person = await signUpAndVerify(testApp, {
      verificationLink: outboxVerificationLink(testApp),
    });
    const holder = new pg.Client({ connectionString: database().databaseUrl });
    await holder.connect();
    try {
      await holder.query("begin");
      await holder.query(
        "lock table transactions, transaction_shares, monthly_totals in access exclusive mode",
      );
      let finished = false;
      const report = person.client
        .get("/api/dashboard?from=2025-01-01&to=2025-12-31")
        .then((response) => {
          finished = true;
          return response;
        });
      // The report is inside the database, waiting for the tables.
      await waitFor(async () => {
        const waiting = await holder.query(
          "select 1 from pg_locks where not granted and relation = 'transactions'::regclass or not granted and relation = 'monthly_totals'::regclass",
        );
        return (waiting.rowCount ?? 0) > 0 || finished;
      }, "the report to wait on the database");
      expect(finished).toBe(false);

      const health = await person.client.get("/api/health");
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: "ok" });
      expect(finished).toBe(false);

      await holder.query("commit");
      const answer = await report;
      expect(answer.status).toBe(200);
    } finally {
      await holder.end();
    }
  });
});
