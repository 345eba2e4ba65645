/**
 * The demo household on the browser tests' server: playwright.config.ts seeds it (npm run
 * seed:demo with this password) before the server starts; e2e/overview.spec.ts signs in to it.
 */
export const demo = {
  email: "demo@hearth.local",
  password: "Demo hearth orchard 58",
} as const;
