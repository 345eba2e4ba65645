import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { Db } from "#server/db/client.ts";
import { listPlans } from "#server/features/billing/billing.service.ts";
import type { Config } from "#server/env.ts";
import type { Logger } from "./logger.ts";
import type { AppEnv } from "./router.ts";
import {
  isLanguage,
  languageCookieName,
  languages,
  pickLanguage,
  type Language,
} from "#shared/i18n.ts";
import type { LandingPageData, RenderLanding } from "#shared/landing-render.ts";
import { chooseEncoding, varyOnAcceptEncoding, type ContentEncoding } from "./content-encoding.ts";
import { escapeHtml } from "./html.ts";
import { matchesETag, type StaticFile } from "./static-files.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Page = Pick<StaticFile, "identity" | "compressed">;

/** Rendered pages kept: two languages × signed in or not, and a few plan tables. */
const keep = 16;

/** JSON that is safe inside `<script type="application/json">` (no `</script>`, no `<!--`). */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replaceAll("<", "\\u003c")
    .replaceAll("\u2028", "\\u2028")
    .replaceAll("\u2029", "\\u2029");

/**
 * The language of the landing page: the one chosen in this browser (its cookie), else the first
 * of the browser's languages Hearth speaks, else English — as the app decides on its first visit.
 */
export function landingLanguage(cookie: string | undefined, acceptLanguage: string | undefined) {
  return isLanguage(cookie) ? cookie : pickLanguage(acceptLanguage);
}

/**
 * `/` rendered on the server (decision 040): the landing page as complete HTML in the visitor's
 * language, with the plans of the plans table and the header of someone signed in or not, so it
 * shows at once and fetches no application code (its one small script is landing/enhance.ts).
 * Returns undefined when the build has no renderer (`vite build` makes it): `/` is then the app.
 * A page is rendered once per language, sign-in state and plans, and kept compressed.
 */
export function landingPage(deps: {
  staticDir: string;
  rendererPath?: string;
  db: Db;
  config: Config;
  logger: Logger;
}) {
  const templatePath = join(deps.staticDir, "landing.html");
  const rendererPath = deps.rendererPath ?? join(deps.staticDir, "../dist-ssr/landing.js");
  if (!existsSync(templatePath) || !existsSync(rendererPath)) return undefined;
  const template = readFileSync(templatePath, "utf8");
  let renderer: Promise<RenderLanding> | undefined;
  const load = () =>
    (renderer ??= import(pathToFileURL(rendererPath).href).then(
      (module: { renderLanding: RenderLanding }) => module.renderLanding,
      (error: unknown) => {
        renderer = undefined;
        throw error;
      },
    ));
  const pages = new Map<string, Promise<Page>>();

  async function build(language: Language, signedIn: boolean, plans: unknown): Promise<Page> {
    const render = await load();
    const answer = { plans, billing: deps.config.billing } as Parameters<RenderLanding>[0]["plans"];
    const out = await render({ language, signedIn, plans: answer });
    const data: LandingPageData = { language, signedIn, labels: out.labels };
    const html = template
      .replace("<!--lang-->", language)
      .replace("<!--title-->", escapeHtml(out.title))
      .replace("<!--description-->", escapeHtml(out.description))
      .replace("<!--page-->", out.html)
      .replace(
        "<!--data-->",
        `<script type="application/json" id="landing-data">${scriptJson(data)}</script>`,
      );
    const body = new Uint8Array(Buffer.from(html, "utf8"));
    const tag = createHash("sha256").update(body).digest("base64url").slice(0, 22);
    const [br, gz] = await Promise.all([
      brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzipAsync(body, { level: 9 }),
    ]);
    return {
      identity: { body, etag: `"${tag}"` },
      compressed: {
        br: { body: new Uint8Array(br), etag: `"${tag}-br"` },
        gzip: { body: new Uint8Array(gz), etag: `"${tag}-gzip"` },
      },
    };
  }

  /** The page for a language and sign-in state, rendered once per plans table. */
  async function pageFor(language: Language, signedIn: boolean): Promise<Page> {
    const plans = await listPlans(deps.db, language);
    const key = `${language}|${signedIn}|${createHash("sha256").update(JSON.stringify(plans)).digest("base64url")}`;
    let pending = pages.get(key);
    if (!pending) {
      pending = build(language, signedIn, plans);
      pages.set(key, pending);
      pending.catch(() => pages.delete(key));
      if (pages.size > keep) pages.delete(pages.keys().next().value as string);
    }
    return pending;
  }

  // The first visitor should not wait for the renderer to load: both languages are rendered as
  // soon as the server runs (a failure here is logged when a visitor meets it).
  setTimeout(() => {
    for (const language of languages) pageFor(language, false).catch(() => undefined);
  }, 0);

  /** The page for this request, or undefined when it cannot be rendered (then the app answers). */
  return async function answer(c: Context<AppEnv>): Promise<Response | undefined> {
    const language = landingLanguage(
      getCookie(c, languageCookieName),
      c.req.header("accept-language"),
    );
    const signedIn = Boolean(c.get("viewer"));
    let page: Page;
    try {
      page = await pageFor(language, signedIn);
    } catch (error) {
      deps.logger.error("the landing page could not be rendered; the app answers", { error });
      return undefined;
    }
    const encoding = chooseEncoding(
      c.req.header("accept-encoding"),
      Object.keys(page.compressed) as ContentEncoding[],
    );
    const variant = (encoding && page.compressed[encoding]) || page.identity;
    // It depends on the visitor's cookies (language, session) and languages: never shared.
    c.header("cache-control", "private, no-cache");
    c.header("vary", varyOnAcceptEncoding("Cookie, Accept-Language"));
    c.header("etag", variant.etag);
    if (matchesETag(c.req.header("if-none-match"), variant.etag)) return c.body(null, 304);
    c.header("content-type", "text/html; charset=utf-8");
    if (encoding) c.header("content-encoding", encoding);
    c.header("content-length", String(variant.body.byteLength));
    return c.body(variant.body, 200);
  };
}
