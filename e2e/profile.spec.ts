import { expect, otherStrongPassword, test } from "./fixtures.ts";
import { AuthPage } from "./page-models/auth-page.ts";
import { DashboardShell } from "./page-models/dashboard-shell.ts";
import { orangePng, ProfilePage, tealPng, toast } from "./page-models/profile-page.ts";

test("edit the profile and see the new name in the sidebar after a reload", async ({
  page,
  person,
  signUpAndVerify,
}) => {
  await signUpAndVerify(page, person);
  const profile = new ProfilePage(page);
  const shell = new DashboardShell(page);
  await profile.goto();
  await expect(profile.tab("General")).toHaveAttribute("aria-selected", "true");
  await expect(profile.fullName).toHaveValue(person.name);

  // The shared schema's rules show on the fields, in words.
  await profile.fullName.fill("");
  await profile.phone.fill("call me");
  await profile.save.click();
  await expect(profile.main.getByText("Fill in your full name.")).toBeVisible();
  await expect(profile.main.getByText(/Enter a phone number of 6 to 20 digits/)).toBeVisible();

  await profile.fullName.fill("Robin van Dijk");
  await profile.phone.fill("+31 6 1234 5678");
  await profile.dateOfBirth.fill("1987-06-15");
  await profile.city.fill("Utrecht");
  await profile.save.click();
  await expect(toast(page, "Profile updated successfully")).toBeVisible();

  await page.reload();
  await expect(profile.fullName).toHaveValue("Robin van Dijk");
  await expect(profile.phone).toHaveValue("+31 6 1234 5678");
  // Shown the English way, day first (dd/mm/yyyy).
  await expect(profile.dateOfBirth).toHaveValue("15/06/1987");
  await expect(profile.city).toHaveValue("Utrecht");
  await expect(shell.userMenuButton(person)).toContainText("Robin van Dijk");

  // The tab lives in the address.
  await profile.tab("Subscription").click();
  await expect(page).toHaveURL(/\?tab=subscription$/);
  await expect(profile.main.getByTestId("current-plan")).toContainText("Free");
  await page.reload();
  await expect(profile.tab("Subscription")).toHaveAttribute("aria-selected", "true");
  await profile.tab("Household").click();
  await expect(page).toHaveURL(/\?tab=household$/);
});

test("upload an avatar, replace it, and remove it", async ({ page, person, signUpAndVerify }) => {
  await signUpAndVerify(page, person);
  const profile = new ProfilePage(page);
  await profile.goto();
  await expect(profile.fullName).toHaveValue(person.name);
  await expect(profile.avatarImage).toHaveCount(0);

  // A text file dressed as a PNG is refused by its content (the API tests cover the server's check).
  await profile.uploadAvatar("notes.png", "image/png", Buffer.from("not an image at all"));
  await expect(toast(page, "Failed to upload avatar")).toBeVisible();
  await expect(profile.avatarImage).toHaveCount(0);

  await profile.uploadAvatar("me.png", "image/png", orangePng);
  await expect(toast(page, "Profile photo updated")).toBeVisible();
  await expect(profile.avatarImage).toHaveAttribute("src", /^\/api\/files\/avatars\/.+\.png$/);
  const first = await profile.avatarImage.getAttribute("src");
  // The sidebar shows it too.
  await expect(page.locator(`img[src="${first}"]`)).not.toHaveCount(0);

  await expect(profile.main.getByRole("button", { name: "Replace photo" })).toBeVisible();
  await profile.uploadAvatar("me-again.png", "image/png", tealPng);
  await expect(profile.avatarImage).not.toHaveAttribute("src", first ?? "");
  await expect(profile.avatarImage).toHaveAttribute("src", /^\/api\/files\/avatars\/.+\.png$/);
  // The old file is gone.
  const old = await page.request.get(first ?? "");
  expect(old.status()).toBe(404);

  await profile.main.getByRole("button", { name: "Remove" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Remove your profile photo?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Remove photo" }).click();
  await expect(toast(page, "Profile photo removed")).toBeVisible();
  await expect(profile.avatarImage).toHaveCount(0);
});

test("change the password and sign in with it", async ({ page, person, signUpAndVerify }) => {
  await signUpAndVerify(page, person);
  const profile = new ProfilePage(page);
  await profile.goto("password");
  await expect(profile.tab("Password")).toHaveAttribute("aria-selected", "true");

  // A wrong current password (a 401 the browser logs) is covered by the API tests.
  await profile.currentPassword.fill(person.password);
  await profile.newPassword.fill("password123");
  await profile.confirmPassword.fill("password123");
  await profile.changePassword.click();
  await expect(profile.main.getByText(/too easy to guess/)).toBeVisible();

  await profile.choosePassword(person.password, otherStrongPassword);
  await expect(toast(page, "Password changed")).toBeVisible();
  await expect(profile.currentPassword).toHaveValue("");
  await expect(profile.main.getByRole("status")).toContainText("signed out on your other devices");

  await page.context().clearCookies();
  const auth = new AuthPage(page);
  await auth.goto();
  await auth.signIn(person.email, otherStrongPassword);
  await expect(page).toHaveURL("/dashboard");
  await new DashboardShell(page).expectSignedIn(person);
});
