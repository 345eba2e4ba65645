import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { entitles } from "#server/features/billing/entitlement.ts";
import { lightBody } from "#server/lib/answer-headers.ts";
import { createRouter, type AppEnv } from "#server/lib/router.ts";
import type { Viewer } from "#server/middleware/session.ts";
import { today } from "#shared/dates.ts";

/**
 * Reports kept until their household changes (decision 045).
 *
 * A report's answer depends on the household's rows, on who asks (their language, their plan),
 * on the day, and on the request's path and query. The household's `data_version` goes up in the
 * same commit as any change to its rows (database triggers, drizzle/0024), and every request
 * reads it with its session (middleware/session.ts), so an answer kept for the version the
 * request read is the answer the report would compute now. Everything else it depends on is in
 * the key. Only GETs that answered 200 with JSON are kept, for the routes `keptAnswerRoutes`
 * names; `Cache-Control: no-cache` (or `no-store`, `max-age=0`, `Pragma: no-cache`) computes
 * the answer again.
 */

/** The header that says an answer came from the cache (tests and the bench read it). */
export const keptAnswerHeader = "x-hearth-answer";

type Kept = {
  version: number;
  body: string | Uint8Array<ArrayBuffer>;
  contentType: string;
  bytes: number;
};

/** A least-recently-used map of answers with a budget in bytes. */
export class AnswerCache {
  private readonly entries = new Map<string, Kept>();
  private bytes = 0;

  constructor(
    readonly maxBytes = 32 * 1024 * 1024,
    readonly maxAnswerBytes = 2 * 1024 * 1024,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get usedBytes(): number {
    return this.bytes;
  }

  /** The answer kept under `key` for exactly this version; an older one is let go. */
  get(key: string, version: number): Kept | undefined {
    const kept = this.entries.get(key);
    if (!kept) return undefined;
    this.entries.delete(key);
    if (kept.version !== version) {
      this.bytes -= kept.bytes;
      return undefined;
    }
    // Most recently used last: the map's order is the eviction order.
    this.entries.set(key, kept);
    return kept;
  }

  set(key: string, answer: Omit<Kept, "bytes">): void {
    const size = typeof answer.body === "string" ? answer.body.length * 2 : answer.body.byteLength;
    const bytes = size + key.length * 2 + 64;
    if (bytes > this.maxAnswerBytes) return;
    const old = this.entries.get(key);
    if (old) {
      // A slower request of an older version does not replace a newer answer.
      if (old.version > answer.version) return;
      this.entries.delete(key);
      this.bytes -= old.bytes;
    }
    this.entries.set(key, { ...answer, bytes });
    this.bytes += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.bytes;
    }
  }
}

/** Whether the request asks for an answer computed now (a browser's reload, the bench). */
function wantsFresh(c: Context): boolean {
  const cacheControl = c.req.header("cache-control");
  if (cacheControl && /no-cache|no-store|max-age=0/i.test(cacheControl)) return true;
  return c.req.header("pragma")?.toLowerCase() === "no-cache";
}

/** What an answer depends on besides the household's rows. */
function keyOf(c: Context, viewer: Viewer): string {
  const url = c.req.url;
  const pathStart = url.indexOf("/", url.indexOf("//") + 2);
  const subscription = viewer.loaded?.subscription;
  const plan = subscription && entitles(subscription) ? subscription.planName : "free";
  return `${viewer.householdId} ${viewer.userId} ${viewer.language} ${plan} ${today()} ${url.slice(pathStart)}`;
}

export function keepAnswers(cache: AnswerCache) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const viewer = c.get("viewer");
    if (c.req.method !== "GET" || !viewer || viewer.dataVersion === undefined) {
      await next();
      return;
    }
    const version = viewer.dataVersion;
    const key = keyOf(c, viewer);
    const kept = wantsFresh(c) ? undefined : cache.get(key, version);
    if (kept) {
      return c.body(kept.body, 200, {
        "content-type": kept.contentType,
        [keptAnswerHeader]: "kept",
      });
    }
    await next();
    const res = c.res;
    const contentType = res.headers.get("content-type");
    if (
      res.status !== 200 ||
      !contentType?.startsWith("application/json") ||
      res.headers.has("set-cookie")
    ) {
      return;
    }
    // A light answer's body where @hono/node-server keeps it; any other (app.request in the
    // tests) read from a copy, leaving the answer as it was.
    const body = lightBody(res) ?? (res.body ? await res.clone().text() : undefined);
    if (body !== undefined) cache.set(key, { version, body, contentType });
  });
}

/**
 * The reports and lists whose answers are kept: read often, costly on a large household, and
 * made only of the household's rows, the person, the day and the request.
 */
export const keptAnswerPaths = [
  "/transactions",
  "/transactions/summary",
  "/totals",
  "/budgets",
  "/dashboard",
  "/savings/accounts",
  "/savings/history",
  "/savings/goals",
  "/investments/portfolios",
  "/investments/history",
  "/investments/holdings/:id",
  "/net-worth",
  "/loans",
  "/loans/:id",
  "/taxes/years/:year",
  "/taxes/years/:year/box3",
  "/insurance/overview",
  "/insurance/policies",
] as const;

/** The cache on `keptAnswerPaths`, mounted after the plan gates and before the routes. */
export function keptAnswerRoutes(cache: AnswerCache = new AnswerCache()) {
  const router = createRouter();
  const keep = keepAnswers(cache);
  for (const path of keptAnswerPaths) router.use(path, keep);
  return router;
}
