import type { z } from "zod";
import type { Language } from "./i18n.ts";
import type { plansAnswerSchema } from "./schemas/billing.schema.ts";

/**
 * The landing page rendered on the server (decision 040): the built module
 * `dist-ssr/landing.js` (made by `vite build` from src/client/landing/render.tsx) exports a
 * `renderLanding` of this type, which the server calls for `/`.
 */
export type LandingInput = {
  language: Language;
  signedIn: boolean;
  plans: z.infer<typeof plansAnswerSchema>;
};

export type LandingOutput = {
  /** The markup that goes inside `<div id="root">`. */
  html: string;
  title: string;
  description: string;
  /** What the page's own script (src/client/landing/enhance.ts) writes in its menus. */
  labels: {
    theme: { label: string; light: string; dark: string; system: string };
    language: { label: string; en: string; nl: string };
  };
};

export type RenderLanding = (input: LandingInput) => Promise<LandingOutput>;

/** What the server writes into the page (`#landing-data`) for its script. */
export type LandingPageData = {
  language: Language;
  signedIn: boolean;
  labels: LandingOutput["labels"];
};
