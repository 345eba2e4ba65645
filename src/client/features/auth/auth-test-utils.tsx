import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import i18next from "i18next";
import type { ReactElement } from "react";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { vi } from "vitest";
import common from "#client/locales/en/common.json";
import auth from "#client/locales/en/auth.json";

// The forms load zod and their resolvers on first use (deferred-resolver.ts). Loaded here, while
// the test file is collected, so a test's own time is not spent transforming zod (on a busy
// machine that alone outlasted a test's 5 s).
await import("./auth-resolvers.ts");

/** An English i18next with the real locale files, loaded synchronously for tests. */
export function testI18n() {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: "en",
    fallbackLng: "en",
    ns: ["common", "auth"],
    defaultNS: "common",
    resources: { en: { common, auth } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

/** Shows where the app navigated to, so a test can read it. */
function Landed() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/**
 * Renders `ui` at `path` (a route `/auth` etc.) with translations, a fresh query client and a
 * router; any other path shows the address it landed on (`screen.getByTestId("location")`).
 */
export function renderAt(
  ui: ReactElement,
  { path = "/auth", url = path }: { path?: string; url?: string } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const result = render(
    <I18nextProvider i18n={testI18n()}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={path} element={ui} />
            <Route path="*" element={<Landed />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...result, queryClient };
}

/**
 * Replaces fetch: `routes` maps a path ("/api/session") to the JSON answer; anything else is a 404.
 * Returns the mock so tests can check calls.
 */
export function stubFetch(routes: Record<string, unknown>) {
  const mock = vi.fn(async (input: RequestInfo | URL) => {
    const href = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(href, "http://localhost").pathname;
    if (path in routes) {
      return new Response(JSON.stringify(routes[path]), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    }
    return new Response(JSON.stringify({ error: { code: "NOT_FOUND", message: "Not found" } }), {
      status: 404,
      headers: { "content-type": "application/json" },
    });
  });
  vi.stubGlobal("fetch", mock);
  return mock;
}
