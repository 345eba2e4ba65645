import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";

/**
 * Every setting Hearth reads, validated once. This module is the only reader of process.env.
 * A wrong value stops the start with a sentence naming the setting and what it expects.
 */
const flag = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "expected true or false" })
  .transform((v) => v === "true" || v === "1" || v === "yes");

const emptyToUndefined = (v: unknown) => (v === "" ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());

export const envSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z.enum(["production", "development", "test"]).default("production"),
  ),
  PORT: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ message: "expected a port number" })
      .int()
      .min(0, "expected a port number from 0 to 65535")
      .max(65535, "expected a port number from 0 to 65535")
      .default(3000),
  ),
  HOST: z.preprocess(emptyToUndefined, z.string().default("0.0.0.0")),
  BASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({
        protocol: /^https?$/,
        message: "expected the address people open, like https://hearth.example.org",
      })
      .optional(),
  ),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("./data")),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "expected a postgres:// connection address")
      .optional(),
  ),
  HEARTH_DB_UID: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1, "expected a user number above 0").optional(),
  ),
  HEARTH_DB_GID: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1, "expected a group number above 0").optional(),
  ),
  AUTH_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, "expected at least 32 characters").optional(),
  ),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, "expected an smtp:// or smtps:// address")
      .optional(),
  ),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default("Hearth <hearth@localhost>")),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  ADMIN_EMAILS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default("")
      .transform((v) =>
        v
          .split(",")
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      ),
  ),
  S3_BUCKET: optionalString,
  S3_REGION: z.preprocess(emptyToUndefined, z.string().default("us-east-1")),
  S3_ENDPOINT: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, message: "expected an http(s) address of the S3 service" })
      .optional(),
  ),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z.preprocess(emptyToUndefined, flag.default(false)),
  BILLING: z.preprocess(
    emptyToUndefined,
    z.enum(["test", "stripe", "off"], { message: "expected test, stripe or off" }).default("test"),
  ),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  TRUST_PROXY: z.preprocess(emptyToUndefined, flag.default(false)),
  RATE_LIMIT: z.preprocess(emptyToUndefined, flag.default(true)),
  BACKUP_DAILY: z.preprocess(emptyToUndefined, flag.default(false)),
  BACKUP_KEEP: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1, "expected 1 or more").default(7),
  ),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z
      .enum(["debug", "info", "warn", "error", "silent"], {
        message: "expected debug, info, warn, error or silent",
      })
      .default("info"),
  ),
});

export type EnvInput = z.input<typeof envSchema>;

export type Config = {
  nodeEnv: "production" | "development" | "test";
  port: number;
  host: string;
  baseUrl: string;
  /** Origins allowed to change state: the public address, and Vite's dev server in development. */
  trustedOrigins: string[];
  dataDir: string;
  databaseUrl: string | undefined;
  /** When Hearth runs as root: who the embedded database runs as (HEARTH_DB_UID/GID). */
  databaseUser: { uid: number; gid: number } | undefined;
  authSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  google: { clientId: string; clientSecret: string } | undefined;
  adminEmails: string[];
  /** Uploaded files go to S3 when a bucket is set, otherwise to DATA_DIR/files. */
  s3:
    | {
        bucket: string;
        region: string;
        endpoint: string | undefined;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      }
    | undefined;
  billing: "test" | "stripe" | "off";
  /** Set exactly when billing is "stripe". */
  stripe: { secretKey: string; webhookSecret: string } | undefined;
  trustProxy: boolean;
  rateLimit: boolean;
  /** A backup of the embedded database a day into DATA_DIR/backups, keeping the newest `keep`. */
  dailyBackup: { keep: number } | undefined;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
};

export class ConfigError extends Error {}

/** Reads AUTH_SECRET from the data folder, creating it on first start. */
function secretFromDataDir(dataDir: string): string {
  const file = join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) =>
        `- ${issue.path.join(".")}: ${issue.message} (got "${String(source[String(issue.path[0])] ?? "")}")`,
    );
    throw new ConfigError(`Hearth cannot start: a setting is wrong.\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const google =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
      : undefined;
  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(
      "Hearth cannot start: a setting is wrong.\n- GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both to enable Google sign-in, or neither.",
    );
  }
  if (env.BILLING === "stripe" && (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError(
      "Hearth cannot start: a setting is wrong.\n- STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: BILLING=stripe needs both (the secret API key and the webhook's signing secret).",
    );
  }
  const stripe =
    env.BILLING === "stripe" && env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
      ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET }
      : undefined;
  const dataDir = resolve(env.DATA_DIR);
  const baseUrl = (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
  return {
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    baseUrl,
    trustedOrigins: env.NODE_ENV === "development" ? [baseUrl, "http://localhost:5173"] : [baseUrl],
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databaseUser:
      env.HEARTH_DB_UID === undefined
        ? undefined
        : { uid: env.HEARTH_DB_UID, gid: env.HEARTH_DB_GID ?? env.HEARTH_DB_UID },
    authSecret: env.AUTH_SECRET ?? secretFromDataDir(dataDir),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    google,
    adminEmails: env.ADMIN_EMAILS,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    billing: env.BILLING,
    stripe,
    trustProxy: env.TRUST_PROXY,
    rateLimit: env.RATE_LIMIT,
    dailyBackup: env.BACKUP_DAILY ? { keep: env.BACKUP_KEEP } : undefined,
    logLevel: env.LOG_LEVEL,
  };
}
