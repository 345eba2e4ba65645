import type { Page, Request } from "@playwright/test";

/**
 * What a first screen may fetch: the JavaScript bytes that cross the wire (compressed, as sent),
 * in a fresh browser with an empty cache. `budget` is what the check in npm test allows
 * (e2e/page-weight.spec.ts); `goal` is issue 15's aim (the issue names none for /auth: the
 * landing's is used). Each budget is the figure measured last (`npm run weight`, brotli) plus
 * about 3 %: the JavaScript cannot grow unnoticed. Lower a budget whenever a screen sheds code.
 * `npm run weight` prints the figures and each screen's scripts (`--files`).
 */
export const jsBudgets = {
  // 3.5 KB sent on 2026-11-27 (6.3 KB decoded): the page is rendered by the server and its one
  // script runs the menus and the pricing switch (decision 040); 159.5 KB when it was the app,
  // 187.8 KB before the header's menus were deferred (decision 030).
  landing: { path: "/", budget: 4_000, goal: 120_000 },
  // 178.9 KB sent (614 KB decoded); 222.5 KB before the menus and the forms' zod were deferred.
  auth: { path: "/auth", budget: 184_000, goal: 120_000 },
  // 242.3 KB sent (776 KB decoded): the demo household's overview, signed in; 303.0 KB before its
  // dialogs' forms (zod, react-hook-form) loaded on intent (decision 030), 400.2 KB before its
  // charts were drawn by Hearth (decision 046), 416.0 KB before decision 030.
  dashboard: { path: "/dashboard", budget: 250_000, goal: 250_000 },
} as const;

export type ScreenName = keyof typeof jsBudgets;

/** One screen's transfer: bytes as received (encoded) and as the page reads them (decoded). */
export type ScreenWeight = {
  screen: ScreenName;
  path: string;
  jsRequests: number;
  jsBytes: number;
  jsDecodedBytes: number;
  /** How the scripts came: e.g. { br: 12 } */
  jsEncodings: Record<string, number>;
  requests: number;
  totalBytes: number;
  totalDecodedBytes: number;
  /** Every script: its path and bytes sent and decoded, largest first. */
  scripts: { path: string; bytes: number; decoded: number }[];
};

/** Waits until the screen shows what a person came for: the page's level-1 heading. */
async function screenShown(page: Page) {
  await page.getByRole("main").getByRole("heading", { level: 1 }).first().waitFor();
}

/**
 * Opens `path` in the page (its context's cache empty) and adds up every response body the
 * browser received until the screen shows and the network is idle: Playwright's
 * `request.sizes().responseBodySize`, the bytes on the wire (after compression), not a size
 * computed from files.
 */
export async function measureScreen(page: Page, screen: ScreenName): Promise<ScreenWeight> {
  const { path } = jsBudgets[screen];
  const pending: Promise<{ request: Request; body: number; decoded: number; encoding: string }>[] =
    [];
  const onFinished = (request: Request) => {
    pending.push(
      (async () => {
        const response = await request.response();
        const sizes = await request.sizes();
        const decoded = response
          ? await response.body().then(
              (b) => b.byteLength,
              () => 0,
            )
          : 0;
        const encoding = (await response?.headerValue("content-encoding")) ?? "identity";
        return { request, body: sizes.responseBodySize, decoded, encoding };
      })(),
    );
  };
  page.on("requestfinished", onFinished);
  try {
    await page.goto(path);
    await screenShown(page);
    await page.waitForLoadState("networkidle");
  } finally {
    page.off("requestfinished", onFinished);
  }
  const results = await Promise.all(pending);
  const weight: ScreenWeight = {
    screen,
    path,
    jsRequests: 0,
    jsBytes: 0,
    jsDecodedBytes: 0,
    jsEncodings: {},
    requests: results.length,
    totalBytes: 0,
    totalDecodedBytes: 0,
    scripts: [],
  };
  for (const { request, body, decoded, encoding } of results) {
    weight.totalBytes += body;
    weight.totalDecodedBytes += decoded;
    if (request.resourceType() !== "script") continue;
    weight.jsRequests += 1;
    weight.jsBytes += body;
    weight.jsDecodedBytes += decoded;
    weight.jsEncodings[encoding] = (weight.jsEncodings[encoding] ?? 0) + 1;
    weight.scripts.push({ path: new URL(request.url()).pathname, bytes: body, decoded });
  }
  weight.scripts.sort((a, b) => b.bytes - a.bytes);
  return weight;
}

/** Signs an account in within the page's context (its cookies), through the API. */
export async function signIn(page: Page, baseURL: string, email: string, password: string) {
  const response = await page.request.post(`${baseURL}/api/auth/sign-in/email`, {
    headers: { origin: baseURL },
    data: { email, password },
  });
  if (!response.ok()) throw new Error(`signing ${email} in answered ${response.status()}`);
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/** The figures as a table, one line a screen. */
export function weightTable(weights: ScreenWeight[]): string {
  const header = [
    "screen",
    "JS requests",
    "JS sent",
    "JS decoded",
    "JS budget",
    "JS goal",
    "all sent",
    "all decoded",
    "requests",
  ];
  const rows: string[][] = [
    header,
    ...weights.map((w) => [
      `${w.screen} (${w.path})`,
      String(w.jsRequests),
      kb(w.jsBytes),
      kb(w.jsDecodedBytes),
      kb(jsBudgets[w.screen].budget),
      kb(jsBudgets[w.screen].goal),
      kb(w.totalBytes),
      kb(w.totalDecodedBytes),
      String(w.requests),
    ]),
  ];
  const widths = header.map((_, i) => Math.max(...rows.map((row) => row[i]?.length ?? 0)));
  return rows
    .map((row) =>
      row
        .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
        .join("  "),
    )
    .join("\n");
}
