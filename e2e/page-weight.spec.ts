import { demo } from "./demo.ts";
import { expect, test } from "./fixtures.ts";
import { jsBudgets, measureScreen, signIn, weightTable, type ScreenName } from "./page-weight.ts";

// Each test has its own context, so the browser's cache is empty: a first visit's weight.
for (const screen of Object.keys(jsBudgets) as ScreenName[]) {
  const { path, budget, goal } = jsBudgets[screen];
  test(`the ${screen} screen (${path}) fetches at most ${budget} bytes of JavaScript, compressed`, async ({
    page,
    baseURL,
  }) => {
    if (!baseURL) throw new Error("baseURL is not set");
    if (screen === "dashboard") await signIn(page, baseURL, demo.email, demo.password);
    const weight = await measureScreen(page, screen);
    test.info().annotations.push({ type: "weight", description: weightTable([weight]) });
    // Every script the server could compress came compressed (the smallest are sent as they are).
    expect(weight.jsEncodings.br ?? 0, "scripts sent with brotli").toBeGreaterThan(0);
    expect(
      weight.jsBytes,
      `${screen}: ${weightTable([weight])}\n(goal ${goal} bytes)`,
    ).toBeLessThanOrEqual(budget);
  });
}
