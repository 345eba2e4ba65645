import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { strongPassword, uniqueEmail } from "#test/accounts.ts";
import { parseSetCookie, uniqueAddress } from "#test/client.ts";
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from "#test/databases.ts";
import { linksIn } from "#test/mime.ts";
import { freePort, startServerProcess, waitFor, type RunningServer } from "#test/processes.ts";
import { startTestS3, type TestS3 } from "#test/s3.ts";

/**
 * Two Hearth server processes on one PostgreSQL database, as an operator runs them behind a load
 * balancer: the same DATABASE_URL, AUTH_SECRET and BASE_URL, each its own port and data folder,
 * started exactly as `npm run serve` starts one. What one instance does, the other must see:
 * sessions, rate limits and the recurring job's claims live in the database, not in a process;
 * uploaded files live in an S3 bucket (s3rver, started here), not in a data folder.
 */

/** The address people open: the load balancer in front of both instances. */
const baseUrl = "http://hearth.test";
const authSecret = "two-instances-secret-two-instances-secret-0123";
/** A valid 1×1 PNG. */
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

type Instance = {
  name: string;
  port: number;
  dataDir: string;
  server: RunningServer;
  /** When the process was started (performance.now()). */
  startedAt: number;
};

type Call = { cookie?: string; address?: string; body?: unknown };

/** One request to an instance the way a browser on the site sends it (through the proxy). */
async function call(instance: Instance, method: string, path: string, options: Call = {}) {
  const headers = new Headers({ "x-forwarded-for": options.address ?? uniqueAddress() });
  if (options.cookie) headers.set("cookie", options.cookie);
  if (method !== "GET") headers.set("origin", baseUrl);
  if (options.body !== undefined) headers.set("content-type", "application/json");
  return fetch(`http://127.0.0.1:${instance.port}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    redirect: "manual",
  });
}

/** The cookies an answer sets, as a Cookie header (expired ones left out). */
function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map(parseSetCookie)
    .filter((cookie) => cookie.value !== "" && cookie.attributes["max-age"] !== "0")
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join("; ");
}

async function json<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

/** The JSON log lines of an instance with this message. */
function logLines(instance: Instance, msg: string): Record<string, unknown>[] {
  return `${instance.server.stdout()}\n${instance.server.stderr()}`
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        return {};
      }
    })
    .filter((line) => line.msg === msg);
}

describe.skipIf(!testDatabaseUrl())("two Hearth instances on one PostgreSQL", () => {
  let database: TestDatabase;
  let admin: pg.Client;
  let s3: TestS3;
  let a: Instance;
  let b: Instance;

  function startInstance(name: string, port: number, dataDir: string): Instance {
    const server = startServerProcess({
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: database.databaseUrl ?? "",
      AUTH_SECRET: authSecret,
      BASE_URL: baseUrl,
      TRUST_PROXY: "true",
      LOG_LEVEL: "info",
      NODE_ENV: "production",
      // The recurring job's "today"; the test computes the same date.
      TZ: "UTC",
      ...s3.env,
    });
    return { name, port, dataDir, server, startedAt: performance.now() };
  }

  /** Resolves once the instance answers /api/health with 200; fails if it exits first. */
  async function healthy(instance: Instance) {
    await waitFor(async () => {
      if (instance.server.child.exitCode !== null)
        throw new Error(`Instance ${instance.name} exited:\n${instance.server.stderr()}`);
      try {
        return (await fetch(`http://127.0.0.1:${instance.port}/api/health`)).status === 200;
      } catch {
        return false;
      }
    }, `instance ${instance.name} to answer /api/health`);
    return performance.now() - instance.startedAt;
  }

  async function stop(instance: Instance) {
    if (instance.server.child.exitCode !== null) return;
    instance.server.child.kill("SIGTERM");
    const code = await Promise.race([
      instance.server.exited,
      new Promise<"late">((resolve) => setTimeout(() => resolve("late"), 15_000)),
    ]);
    if (code === "late") {
      instance.server.child.kill("SIGKILL");
      await instance.server.exited;
    }
  }

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    admin = new pg.Client({ connectionString: database.databaseUrl });
    await admin.connect();
    s3 = await startTestS3("hearth-instances");
    const [portA, portB] = [await freePort(), await freePort()];
    // Both at once on the empty database, as a deployment starts its replicas.
    a = startInstance("A", portA, mkdtempSync(join(tmpdir(), "hearth-instance-a-")));
    b = startInstance("B", portB, mkdtempSync(join(tmpdir(), "hearth-instance-b-")));
    const [coldA, coldB] = await Promise.all([healthy(a), healthy(b)]);
    // Measured, not asserted: a machine under load starts slower.
    console.info(
      `Start to healthy on an empty PostgreSQL database (both migrating, one after the other): ` +
        `A ${Math.round(coldA)} ms, B ${Math.round(coldB)} ms.`,
    );
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map(stop));
    await admin?.end();
    await s3?.close();
    await database?.drop();
    for (const instance of [a, b]) {
      if (instance) rmSync(instance.dataDir, { recursive: true, force: true });
    }
  }, 30_000);

  /** Signs a person up on one instance and confirms the address on the other. */
  async function signUp(on: Instance, confirmOn: Instance, name: string) {
    const email = uniqueEmail("two-instances");
    const signUp = await call(on, "POST", "/api/auth/sign-up/email", {
      body: { name, email, password: strongPassword, callbackURL: "/auth/email-verified" },
    });
    expect(signUp.status, await signUp.text()).toBe(200);
    const mail = await admin.query<{ text: string }>(
      `select text from outbox_mails where "to" = $1 order by created_at desc limit 1`,
      [email],
    );
    const link = linksIn(mail.rows[0]?.text ?? "").find((candidate) =>
      candidate.startsWith(`${baseUrl}/api/auth/verify-email`),
    );
    if (!link) throw new Error(`No confirmation link was mailed to ${email}.`);
    const url = new URL(link);
    const confirmed = await call(confirmOn, "GET", `${url.pathname}${url.search}`);
    expect(confirmed.status).toBe(302);
    return { email, cookie: cookiesOf(confirmed) };
  }

  type Session = {
    account: { user: { email: string }; member: { id: string } } | null;
  };

  it("a session made on one instance is valid on the other, and ends on both", async () => {
    const { email, cookie: confirmedOnB } = await signUp(a, b, "Ada Twin");
    // Signed in by confirming on B: A knows the person.
    const onA = await json<Session>(
      await call(a, "GET", "/api/session", { cookie: confirmedOnB }),
      200,
    );
    expect(onA.account?.user.email).toBe(email);

    // Signed in with the password on A: B knows the person, and so does A.
    const signIn = await call(a, "POST", "/api/auth/sign-in/email", {
      body: { email, password: strongPassword },
    });
    expect(signIn.status, await signIn.clone().text()).toBe(200);
    const cookie = cookiesOf(signIn);
    for (const instance of [b, a]) {
      const session = await json<Session>(
        await call(instance, "GET", "/api/session", { cookie }),
        200,
      );
      expect(session.account?.user.email, `on instance ${instance.name}`).toBe(email);
    }

    // Signed out on B: A refuses the cookie on its very next request, nothing is cached.
    expect((await call(b, "POST", "/api/auth/sign-out", { cookie, body: {} })).status).toBe(200);
    for (const instance of [a, b]) {
      const session = await json<Session>(
        await call(instance, "GET", "/api/session", { cookie }),
        200,
      );
      expect(session.account, `on instance ${instance.name}`).toBeNull();
      expect((await call(instance, "GET", "/api/me", { cookie })).status).toBe(401);
    }
    // The session confirmed on B is untouched by the other one's sign-out.
    const still = await json<Session>(
      await call(a, "GET", "/api/session", { cookie: confirmedOnB }),
      200,
    );
    expect(still.account?.user.email).toBe(email);
  });

  it("counts an account's sign-in attempts across both: the 11th in 15 minutes is refused", async () => {
    const { email } = await signUp(b, a, "Bo Twin");
    // Ten wrong passwords, taking turns, each from a client address of its own (so only the
    // account's limit can apply): five on each instance, under any limit one instance keeps.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const instance = attempt % 2 === 0 ? a : b;
      const response = await call(instance, "POST", "/api/auth/sign-in/email", {
        body: { email, password: "not the password at all" },
      });
      expect(response.status, `attempt ${attempt + 1} on ${instance.name}`).toBe(401);
    }
    // The right password is refused on either instance now.
    for (const instance of [a, b]) {
      const response = await call(instance, "POST", "/api/auth/sign-in/email", {
        body: { email, password: strongPassword },
      });
      expect(response.status, `on instance ${instance.name}`).toBe(429);
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
  });

  it("counts a client address's sign-in attempts across both: the 6th in a minute is refused", async () => {
    const address = uniqueAddress();
    const attempt = (instance: Instance) =>
      call(instance, "POST", "/api/auth/sign-in/email", {
        address,
        // A different account each time, so only the address's limit can apply.
        body: { email: uniqueEmail("nobody"), password: "not the password at all" },
      });
    for (let n = 0; n < 5; n += 1) {
      const instance = n % 2 === 0 ? a : b;
      expect((await attempt(instance)).status, `attempt ${n + 1} on ${instance.name}`).toBe(401);
    }
    expect((await attempt(b)).status).toBe(429);
    expect((await attempt(a)).status).toBe(429);
  });

  it("serves an avatar uploaded through one instance from the other, out of the bucket", async () => {
    const { cookie } = await signUp(b, a, "Dee Twin");
    const form = new FormData();
    form.append("file", new File([new Uint8Array(png)], "me.png", { type: "image/png" }));
    const uploaded = await fetch(`http://127.0.0.1:${a.port}/api/profile/avatar`, {
      method: "POST",
      headers: { cookie, origin: baseUrl, "x-forwarded-for": uniqueAddress() },
      body: form,
    });
    const { avatarUrl } = await json<{ avatarUrl: string }>(uploaded, 200);
    const key = avatarUrl.replace(/^\/api\/files\//, "");
    expect(await s3.objects()).toEqual([
      { key, bytes: new Uint8Array(png), contentType: "image/png" },
    ]);

    const served = await call(b, "GET", avatarUrl, { cookie });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);

    // Removed through B: gone from the bucket, and A no longer serves it.
    expect((await call(b, "DELETE", "/api/profile/avatar", { cookie })).status).toBe(200);
    expect(await s3.objects()).toEqual([]);
    expect((await call(a, "GET", avatarUrl, { cookie })).status).toBe(404);
    for (const instance of [a, b]) {
      expect(existsSync(join(instance.dataDir, "files")), instance.name).toBe(false);
    }
  });

  it("makes each recurring occurrence exactly once when both instances' jobs run at once", async () => {
    const { cookie } = await signUp(a, b, "Cas Twin");
    const session = await json<Session>(await call(b, "GET", "/api/session", { cookie }), 200);
    const memberId = session.account?.member.id ?? "";
    const { categories } = await json<{ categories: { id: string }[] }>(
      await call(a, "GET", "/api/categories?kind=expense", { cookie }),
      200,
    );
    const categoryId = categories[0]?.id ?? "";

    // Daily rules that started 400 days ago, made through the API on either instance.
    const days = 400;
    const today = new Date().toISOString().slice(0, 10);
    const firstDay = new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
    const rules = 40;
    for (let n = 0; n < rules; n += 1) {
      const made = await call(n % 2 === 0 ? a : b, "POST", "/api/recurring", {
        cookie,
        body: {
          kind: "expense",
          amountCents: 100 + n,
          occurredOn: firstDay,
          categoryId,
          merchant: `Rule ${n + 1}`,
          splitMode: "personal",
          memberId,
          paidByMemberId: memberId,
          frequency: "daily",
        },
      });
      expect(made.status, await made.clone().text()).toBe(201);
    }

    // Both instances stop; their occurrences are taken back and the rules marked as never
    // made, as after an outage of a year. Then both start at once: each one's recurring job
    // runs at start, over the same rules at the same time.
    await Promise.all([stop(a), stop(b)]);
    await admin.query("delete from transactions where recurring_rule_id is not null");
    await admin.query("update recurring_rules set materialized_through = null");
    a = startInstance("A", a.port, a.dataDir);
    b = startInstance("B", b.port, b.dataDir);
    const [coldA, coldB] = await Promise.all([healthy(a), healthy(b)]);

    const expected = rules * (days + 1);
    const count = async () =>
      Number(
        (
          await admin.query<{ n: string }>(
            "select count(*) as n from transactions where recurring_rule_id is not null",
          )
        ).rows[0]?.n,
      );
    const done = async () =>
      Number(
        (
          await admin.query<{ n: string }>(
            "select count(*) as n from recurring_rules where materialized_through = $1",
            [today],
          )
        ).rows[0]?.n,
      ) === rules;
    await waitFor(done, "both recurring jobs to finish", 30_000);
    // Stopped, neither can add anything after the count.
    await Promise.all([stop(a), stop(b)]);

    const perDate = await admin.query<{ rule: string; on: string; n: string }>(
      `select recurring_rule_id as rule, recurring_date::text as on, count(*) as n
           from transactions where recurring_rule_id is not null
          group by 1, 2 having count(*) <> 1`,
    );
    expect(perDate.rows, "dates made more than once").toEqual([]);
    const perRule = await admin.query<{ n: string; first: string; last: string }>(
      `select count(*) as n, min(recurring_date)::text as first, max(recurring_date)::text as last
           from transactions where recurring_rule_id is not null group by recurring_rule_id`,
    );
    expect(perRule.rows).toHaveLength(rules);
    for (const row of perRule.rows) {
      expect(row).toEqual({ n: String(days + 1), first: firstDay, last: today });
    }
    expect(await count()).toBe(expected);

    // What each instance says it made adds up to the entries, none twice.
    const made = (instance: Instance) =>
      logLines(instance, "recurring entries made").reduce(
        (sum, line) => sum + (typeof line.created === "number" ? line.created : 0),
        0,
      );
    expect(made(a) + made(b)).toBe(expected);
    expect(logLines(a, "a recurring entry could not be made")).toEqual([]);
    expect(logLines(b, "a recurring entry could not be made")).toEqual([]);
    console.info(
      `Two instances made ${expected} recurring entries once each: A ${made(a)}, B ${made(b)}. ` +
        `Start to healthy on the migrated database while both jobs run: A ${Math.round(coldA)} ms, ` +
        `B ${Math.round(coldB)} ms.`,
    );
  }, 60_000);
});
