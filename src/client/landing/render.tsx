/**
 * The landing page rendered to HTML on the server (decision 040). Built by `vite build` into
 * `dist-ssr/landing.js` (vite.config.ts) and called by src/server/lib/landing-page.ts for `/`:
 * the same components the app shows at `/`, with the two namespaces the page reads bundled in,
 * the plans and whether someone is signed in given by the server. The page then needs no
 * application code: src/client/landing/enhance.ts makes its menus and the pricing switch work.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { initReactI18next } from "react-i18next";
import { StaticRouter } from "react-router";
import { accountQueries } from "#client/features/account/account.queries.ts";
import { billingQueries } from "#client/features/billing/billing.queries.ts";
import { LandingPage } from "#client/features/site/landing-page.tsx";
import { i18n } from "#client/lib/i18n.ts";
import commonEn from "#client/locales/en/common.json";
import landingEn from "#client/locales/en/landing.json";
import commonNl from "#client/locales/nl/common.json";
import landingNl from "#client/locales/nl/landing.json";
import { defaultLanguage, languages } from "#shared/i18n.ts";
import type { LandingInput, LandingOutput, RenderLanding } from "#shared/landing-render.ts";

let ready: Promise<unknown> | undefined;

/** The app's i18next instance, with the landing page's namespaces in both languages, in memory. */
function initOnce() {
  ready ??= i18n.use(initReactI18next).init({
    lng: defaultLanguage,
    fallbackLng: defaultLanguage,
    supportedLngs: [...languages],
    ns: ["common", "landing"],
    defaultNS: "common",
    resources: {
      en: { common: commonEn, landing: landingEn },
      nl: { common: commonNl, landing: landingNl },
    },
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return ready;
}

/** One render at a time: the language is the shared instance's, set just before rendering. */
let queue: Promise<unknown> = Promise.resolve();

async function renderNow({ language, signedIn, plans }: LandingInput): Promise<LandingOutput> {
  await initOnce();
  await i18n.changeLanguage(language);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry: false } },
  });
  queryClient.setQueryData(billingQueries.plans().queryKey, plans);
  // The header only asks whether someone is signed in (the dashboard link or "Sign in").
  queryClient.setQueryData(accountQueries.me().queryKey, signedIn ? ({} as never) : null);
  const html = renderToString(
    <QueryClientProvider client={queryClient}>
      <StaticRouter location="/">
        <LandingPage />
      </StaticRouter>
    </QueryClientProvider>,
  );
  queryClient.clear();
  const t = i18n.getFixedT(language);
  return {
    html,
    title: `${t("landing:documentTitle")} · Hearth`,
    description: t("landing:hero.lead"),
    labels: {
      theme: {
        label: t("theme.label"),
        light: t("theme.light"),
        dark: t("theme.dark"),
        system: t("theme.system"),
      },
      language: { label: t("language.label"), en: t("language.en"), nl: t("language.nl") },
    },
  };
}

export const renderLanding: RenderLanding = (input) => {
  const result = queue.then(() => renderNow(input));
  queue = result.catch(() => undefined);
  return result;
};
