import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { createAuth, type Auth } from "./auth.ts";
import { openDatabase, type Database } from "./db/client.ts";
import type { Config } from "./env.ts";
import { accountRoutes } from "./features/account/account.routes.ts";
import { authRoutes } from "./features/auth/auth.routes.ts";
import { adminRoutes } from "./features/billing/admin.routes.ts";
import { billingRoutes } from "./features/billing/billing.routes.ts";
import { gatedAreaRoutes } from "./features/billing/gated-areas.routes.ts";
import { createStripeClient, type PaymentProvider } from "./features/billing/payment-provider.ts";
import { seedPlans } from "./features/billing/seed.ts";
import { backfillDefaultCategories } from "./features/categories/default-categories.ts";
import { stripeWebhookRoutes } from "./features/billing/stripe-webhook.ts";
import { budgetRoutes } from "./features/budgets/budgets.routes.ts";
import { categoryRoutes } from "./features/categories/categories.routes.ts";
import { categoryRuleRoutes } from "./features/category-rules/category-rules.routes.ts";
import { csvRoutes, importRoute } from "./features/csv/csv.routes.ts";
import { importMatchRoutes, linkRoute } from "./features/csv/import-matches.routes.ts";
import { exportRoutes, restoreRoute } from "./features/export/export.routes.ts";
import { insuranceRoutes } from "./features/insurance/insurance.routes.ts";
import { investmentsRoutes, tradeImportRoute } from "./features/investments/investments.routes.ts";
import { loansRoutes } from "./features/loans/loans.routes.ts";
import { savingsRoutes } from "./features/savings/savings.routes.ts";
import { taxesRoutes } from "./features/taxes/taxes.routes.ts";
import { dashboardRoutes } from "./features/dashboard/dashboard.routes.ts";
import { recurringRoutes } from "./features/recurring/recurring.routes.ts";
import { merchantRoutes } from "./features/transactions/merchants.routes.ts";
import { quickEntryRoutes } from "./features/transactions/quick-entry.routes.ts";
import { transactionRoutes } from "./features/transactions/transactions.routes.ts";
import { householdRoutes } from "./features/households/households.routes.ts";
import {
  canReadOutbox,
  mailboxRoutes,
  renderMailboxPage,
  type OutboxAccess,
} from "./features/mailbox/mailbox.routes.ts";
import { profileRoutes, uploadRoute } from "./features/profile/profile.routes.ts";
import { systemRoutes } from "./features/system/system.routes.ts";
import { setAnswerHeader } from "./lib/answer-headers.ts";
import { AppError, errorBody } from "./lib/app-error.ts";
import { createFileStore, type FileStore } from "./lib/file-store.ts";
import { createLogger, type Logger } from "./lib/logger.ts";
import { createLimiter, LimitError, type Limiter } from "./lib/limits.ts";
import { createMailer, type Mailer } from "./lib/mail.ts";
import { landingPage } from "./lib/landing-page.ts";
import { loadStaticFiles, sendStaticFile } from "./lib/static-files.ts";
import { createRouter, type AppEnv } from "./lib/router.ts";
import { compressAnswers } from "./middleware/compress.ts";
import { keptAnswerRoutes } from "#server/middleware/answer-cache.ts";
import { csrfProtection } from "./middleware/csrf.ts";
import { securityHeaders } from "./middleware/security-headers.ts";
import { limitWrites } from "./middleware/limit-writes.ts";
import { limitBodies } from "./middleware/body-limits.ts";
import { refuseUnsafeText } from "./middleware/request-text.ts";
import { loadSession } from "./middleware/session.ts";

export type AppDeps = {
  config: Config;
  database: Database;
  mailer: Mailer;
  logger: Logger;
  auth: Auth;
  /** Hearth's own limits per account and per address, counted in the database (decision 014). */
  limiter: Limiter;
  /** Uploaded files (avatars): a folder under the data folder, or S3. */
  fileStore: FileStore;
  /** The payment provider, when not the one BILLING chooses (tests: an unreachable Stripe). */
  paymentProvider?: PaymentProvider;
};

/** Opens the database (migrating it), and builds the mailer and Better Auth on it. */
export async function createDeps(
  config: Config,
  logger = createLogger(config.logLevel),
): Promise<AppDeps> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onIdleError: (error) =>
      logger.warn("PostgreSQL ended an idle connection", { error: error.message }),
    log: (level, message, fields) => logger[level](message, fields),
    databaseUser: config.databaseUser,
  });
  await seedPlans(database.db, config.billing);
  await backfillDefaultCategories(database.db);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    db: database.db,
    logger,
  });
  const limiter = createLimiter(database.db, config.rateLimit);
  const auth = createAuth({ config, db: database.db, mailer, logger, limiter });
  return { config, database, mailer, logger, auth, limiter, fileStore: createFileStore(config) };
}

function outboxAccess(config: Config): OutboxAccess {
  return { trustProxy: config.trustProxy, adminEmails: config.adminEmails };
}

/** Every /api route with a typed contract. The client's `hc<AppType>` is built from this. */
export function createApiRoutes(deps: AppDeps) {
  const { db } = deps.database;
  const api = createRouter()
    .route(
      "/",
      systemRoutes({
        database: deps.database,
        config: deps.config,
        outbox: deps.mailer.kind === "outbox",
      }),
    )
    .route(
      "/",
      accountRoutes({
        db,
        adminEmails: deps.config.adminEmails,
        billing: deps.config.billing,
        auth: deps.auth,
        fileStore: deps.fileStore,
        limiter: deps.limiter,
      }),
    )
    .route(
      "/",
      householdRoutes({ db, mailer: deps.mailer, config: deps.config, limiter: deps.limiter }),
    )
    .route("/", profileRoutes({ db, fileStore: deps.fileStore }))
    .route("/", exportRoutes({ db }))
    .route("/", gatedAreaRoutes({ db, billing: deps.config.billing }))
    // After the plan gates, before the routes whose answers it keeps (decision 045).
    .route("/", keptAnswerRoutes())
    .route(
      "/",
      billingRoutes({
        db,
        config: deps.config,
        logger: deps.logger,
        provider: deps.paymentProvider,
      }),
    )
    .route("/", adminRoutes({ db, adminEmails: deps.config.adminEmails }))
    .route("/", categoryRoutes({ db }))
    .route("/", categoryRuleRoutes({ db }))
    // Before transactionRoutes, so /transactions/{id} does not catch /transactions/export.
    .route("/", csvRoutes({ db }))
    .route("/", importMatchRoutes({ db }))
    .route("/", merchantRoutes({ db }))
    .route("/", transactionRoutes({ db }))
    .route("/", quickEntryRoutes({ db, adminEmails: deps.config.adminEmails }))
    .route("/", recurringRoutes({ db }))
    .route("/", budgetRoutes({ db }))
    .route("/", dashboardRoutes({ db }))
    .route("/", savingsRoutes({ db }))
    .route("/", investmentsRoutes({ db, billing: deps.config.billing }))
    .route("/", loansRoutes({ db }))
    .route("/", taxesRoutes({ db }))
    .route("/", insuranceRoutes({ db }));
  return deps.mailer.kind === "outbox"
    ? api.route("/", mailboxRoutes({ db, access: outboxAccess(deps.config) }))
    : api;
}

export type AppType = ReturnType<typeof createApiRoutes>;

export function createApp(deps: AppDeps, options: { staticDir?: string } = {}) {
  const { config, logger } = deps;
  const app = new Hono<AppEnv>();

  app.use("*", async (c, next) => {
    const requestId = c.req.header("x-request-id") ?? randomUUID();
    c.set("requestId", requestId);
    c.set("logger", logger.child({ requestId }));
    const started = performance.now();
    await next();
    setAnswerHeader(c, "x-request-id", requestId);
    logger.info("request", {
      requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    });
  });
  app.use("*", securityHeaders({ https: config.baseUrl.startsWith("https://") }));
  // API answers of 1 KB or more, brotli or gzip as accepted (the built app comes pre-compressed).
  app.use("/api/*", compressAnswers());
  app.use("/api/*", async (c, next) => {
    await next();
    // A private file served with its own lifetime (an avatar) keeps it; everything else is fresh.
    if (!c.res.headers.get("cache-control")?.startsWith("private")) {
      setAnswerHeader(c, "cache-control", "no-store");
    }
  });
  app.use("/api/*", csrfProtection(config.trustedOrigins));
  // Bodies held to their route's limit before anything reads one (1 MB but for these routes).
  app.use(
    "/api/*",
    limitBodies([importRoute, linkRoute, tradeImportRoute, restoreRoute, uploadRoute]),
  );
  app.use("/api/*", refuseUnsafeText());

  app.route(
    "/api/auth",
    authRoutes({ auth: deps.auth, trustProxy: config.trustProxy, limiter: deps.limiter }),
  );
  // Signed by Stripe, not by a session: answered before sessions are loaded.
  app.route(
    "/api",
    stripeWebhookRoutes({
      db: deps.database.db,
      stripe: config.stripe ? createStripeClient(config.stripe.secretKey) : undefined,
      webhookSecret: config.stripe?.webhookSecret,
    }),
  );
  app.use("/api/*", loadSession({ auth: deps.auth, db: deps.database.db }));
  app.use("/api/*", limitWrites(deps.limiter));
  const api = createApiRoutes(deps);
  api.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: { title: "Hearth API", version: "1" },
  });
  app.route("/api", api);
  app.all("/api/*", (c) => c.json(errorBody("NOT_FOUND", "There is no such API route."), 404));

  if (deps.mailer.kind === "outbox") {
    const access = outboxAccess(config);
    app.get("/dev/mailbox", loadSession({ auth: deps.auth, db: deps.database.db }), async (c) => {
      if (!canReadOutbox(c, access)) return c.text("Not found", 404);
      return c.html(await renderMailboxPage(deps.database.db));
    });
  }

  const staticDir = options.staticDir;
  if (staticDir && existsSync(join(staticDir, "index.html"))) {
    // The build's files and their brotli and gzip copies (vite.config.ts), read once.
    const files = loadStaticFiles(staticDir);
    const indexHtml = files.get("/index.html");
    if (!indexHtml) throw new Error(`${staticDir} has no index.html`);
    // The landing page's shell is filled in by the server, never sent as it is.
    const landingTemplate = files.get("/landing.html");
    app.use("/assets/*", async (c, next) => {
      const file = ["GET", "HEAD"].includes(c.req.method) ? files.get(c.req.path) : undefined;
      if (!file) return next();
      return sendStaticFile(c, file, "public, max-age=31536000, immutable");
    });
    // A missing hashed file (an old build's chunk) is a 404, never the app cached for a year.
    app.all("/assets/*", (c) => c.text("Not found", 404));
    // `/` is the landing page rendered here, when the build has its renderer (decision 040).
    const landing = landingPage({ staticDir, db: deps.database.db, config, logger });
    if (landing) {
      app.get("/", loadSession({ auth: deps.auth, db: deps.database.db }), async (c) => {
        return (await landing(c)) ?? sendStaticFile(c, indexHtml, "no-cache");
      });
    }
    app.get("*", (c) => {
      const file = files.get(c.req.path);
      // Other files (the icon, theme-init.js, locales) keep their names from build to build:
      // the browser asks again each time, and a 304 answers when it has them already.
      if (file && file !== indexHtml && file !== landingTemplate) {
        return sendStaticFile(c, file, "no-cache");
      }
      // Client-side routing: every other page is the app, which shows its own not-found page.
      return sendStaticFile(c, indexHtml, "no-cache");
    });
  }

  app.onError((error, c) => {
    if (error instanceof LimitError) c.header("retry-after", String(error.retryAfter));
    if (error instanceof AppError) return c.json(error.toBody(), error.status);
    if (error instanceof HTTPException && error.status < 500) {
      return c.json(errorBody("VALIDATION", error.message || "The request is not valid."), 400);
    }
    c.var.logger.error("unhandled error", { error, path: c.req.path });
    return c.json(
      errorBody("INTERNAL", "Something went wrong on our side. Please try again."),
      500,
    );
  });

  return app;
}
