import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "#server/env.ts";

const secret = "s".repeat(40);

function refusal(source: Record<string, string>): ConfigError {
  try {
    loadConfig({ AUTH_SECRET: secret, ...source });
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(source)}`);
}

describe("loadConfig", () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), "hearth-env-"));
  });
  afterEach(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    [{ PORT: "abc" }, "PORT", "expected a port number", "abc"],
    [{ PORT: "70000" }, "PORT", "from 0 to 65535", "70000"],
    [{ BILLING: "maybe" }, "BILLING", "expected test, stripe or off", "maybe"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL", "postgres://", "mysql://x"],
    [{ SMTP_URL: "http://mail.example.org" }, "SMTP_URL", "smtp://", "http://mail.example.org"],
    [{ BASE_URL: "localhost:3000" }, "BASE_URL", "expected the address", "localhost:3000"],
    [
      { BASE_URL: "ftp://hearth.example.org" },
      "BASE_URL",
      "expected the address",
      "ftp://hearth.example.org",
    ],
    [{ TRUST_PROXY: "perhaps" }, "TRUST_PROXY", "expected true or false", "perhaps"],
    [{ RATE_LIMIT: "sometimes" }, "RATE_LIMIT", "expected true or false", "sometimes"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL", "expected debug, info, warn, error or silent", "loud"],
    [{ NODE_ENV: "staging" }, "NODE_ENV", "", "staging"],
    [{ AUTH_SECRET: "short" }, "AUTH_SECRET", "at least 32 characters", "short"],
  ])("refuses %o with a sentence naming %s", (source, setting, expectation, value) => {
    const error = refusal(source);
    expect(error.message).toMatch(/^Hearth cannot start: a setting is wrong\./);
    const line = error.message.split("\n").find((l) => l.startsWith(`- ${setting}:`));
    expect(line, error.message).toBeDefined();
    expect(line).toContain(expectation);
    expect(line).toContain(`(got "${value}")`);
  });

  it("names every wrong setting at once", () => {
    const error = refusal({ PORT: "abc", BILLING: "maybe" });
    expect(error.message).toContain("- PORT:");
    expect(error.message).toContain("- BILLING:");
  });

  it("refuses only one of the two Google settings, naming both", () => {
    const halves: Record<string, string>[] = [
      { GOOGLE_CLIENT_ID: "id" },
      { GOOGLE_CLIENT_SECRET: "secret" },
    ];
    for (const source of halves) {
      const error = refusal({ DATA_DIR: dataDir, ...source });
      expect(error.message).toContain("GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET");
      expect(error.message).toContain("set both");
    }
    const both = loadConfig({
      AUTH_SECRET: secret,
      GOOGLE_CLIENT_ID: "id",
      GOOGLE_CLIENT_SECRET: "shh",
    });
    expect(both.google).toEqual({ clientId: "id", clientSecret: "shh" });
  });

  it("needs both Stripe keys with BILLING=stripe, and uses them only then", () => {
    const halves: Record<string, string>[] = [
      { BILLING: "stripe" },
      { BILLING: "stripe", STRIPE_SECRET_KEY: "sk_test_x" },
      { BILLING: "stripe", STRIPE_WEBHOOK_SECRET: "whsec_x" },
    ];
    for (const source of halves) {
      const error = refusal({ DATA_DIR: dataDir, ...source });
      expect(error.message).toContain("STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET");
    }
    const stripe = loadConfig({
      AUTH_SECRET: secret,
      BILLING: "stripe",
      STRIPE_SECRET_KEY: "sk_test_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
    });
    expect(stripe.stripe).toEqual({ secretKey: "sk_test_x", webhookSecret: "whsec_x" });
    expect(
      loadConfig({ AUTH_SECRET: secret, STRIPE_SECRET_KEY: "sk_test_x" }).stripe,
    ).toBeUndefined();
  });

  it("fills in the defaults, treating empty values as unset", () => {
    const config = loadConfig({
      AUTH_SECRET: secret,
      DATA_DIR: dataDir,
      PORT: "",
      BILLING: "",
      SMTP_URL: "",
    });
    expect(config).toMatchObject({
      nodeEnv: "production",
      port: 3000,
      host: "0.0.0.0",
      baseUrl: "http://localhost:3000",
      dataDir,
      databaseUrl: undefined,
      smtpUrl: undefined,
      google: undefined,
      adminEmails: [],
      billing: "test",
      trustProxy: false,
      rateLimit: true,
      logLevel: "info",
    });
  });

  it("reads the settings it is given", () => {
    const config = loadConfig({
      AUTH_SECRET: secret,
      PORT: "8080",
      BASE_URL: "https://hearth.example.org/",
      DATA_DIR: "relative-data",
      DATABASE_URL: "postgresql://hearth@db/hearth",
      ADMIN_EMAILS: " Ann@Example.org, ,bob@example.org ",
      TRUST_PROXY: "1",
      RATE_LIMIT: "no",
    });
    expect(config.port).toBe(8080);
    expect(config.baseUrl).toBe("https://hearth.example.org");
    expect(config.dataDir).toBe(join(process.cwd(), "relative-data"));
    expect(config.databaseUrl).toBe("postgresql://hearth@db/hearth");
    expect(config.adminEmails).toEqual(["ann@example.org", "bob@example.org"]);
    expect(config.trustProxy).toBe(true);
    expect(config.rateLimit).toBe(false);
    expect(config.authSecret).toBe(secret);
    expect(existsSync(join(process.cwd(), "relative-data"))).toBe(false); // nothing written for a given secret
  });

  it("generates AUTH_SECRET into the data folder on first start and reuses it after", () => {
    const folder = join(dataDir, "not-yet-there");
    const first = loadConfig({ DATA_DIR: folder });
    const file = join(folder, "auth-secret");
    expect(existsSync(file)).toBe(true);
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, "utf8").trim()).toBe(first.authSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const second = loadConfig({ DATA_DIR: folder });
    expect(second.authSecret).toBe(first.authSecret);

    const elsewhere = loadConfig({ DATA_DIR: join(dataDir, "another") });
    expect(elsewhere.authSecret).not.toBe(first.authSecret);
  });
});
