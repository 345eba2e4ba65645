import { expect, test } from "./fixtures.ts";
import { LandingPage } from "./page-models/landing-page.ts";
import { NotFoundPage } from "./page-models/not-found-page.ts";

test("an unknown public address shows the not-found page with a way home", async ({ page }) => {
  const notFound = new NotFoundPage(page);
  await page.goto("/no-such-page/at-all");
  await expect(notFound.heading).toBeVisible();
  await notFound.backHome.click();
  await expect(page).toHaveURL("/");
  await expect(new LandingPage(page).heading).toHaveText(LandingPage.title.en);
});
