import { expect, type Locator, type Page } from "@playwright/test";
import type { ApiPerson } from "./household-api.ts";
import { call as apiCall } from "./household-api.ts";

/** A call to Hearth's API as `person` (their session cookie), answering the JSON. */
export { call as apiCall } from "./household-api.ts";

type Category = { id: string; kind: "income" | "expense"; name: string };
type Account = { member: { id: string } };

/** The person's own member id and their household's categories by name. */
export async function householdBasics(person: ApiPerson) {
  const { account } = await apiCall<{ account: Account }>(person, "GET", "/session");
  const { categories } = await apiCall<{ categories: Category[] }>(person, "GET", "/categories");
  const byName = (name: string) => {
    const category = categories.find((c) => c.name === name);
    if (!category) throw new Error(`No category "${name}"`);
    return category.id;
  };
  return { memberId: account.member.id, byName };
}

/** The entry form dialog (the top bar's "Add entry", the n shortcut, a list row). */
export class EntryDialog {
  constructor(private readonly page: Page) {}

  get dialog(): Locator {
    return this.page.getByTestId("entry-dialog");
  }
  get amount(): Locator {
    return this.dialog.getByLabel(/^(Amount|Bedrag)$/);
  }
  get category(): Locator {
    return this.dialog.getByLabel(/^(Category|Categorie)$/);
  }
  get remainder(): Locator {
    return this.dialog.getByTestId("split-remainder");
  }
  percentOf(name: string): Locator {
    return this.dialog.getByLabel(new RegExp(`^(Percentage of|Percentage van) ${name}$`));
  }

  /** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would. */
  async tabTo(target: Locator, { backwards = false, max = 40 } = {}) {
    for (let i = 0; i < max; i++) {
      if (await target.evaluate((element) => element === document.activeElement)) return;
      await this.page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
    }
    throw new Error(`Tab never reached ${target.toString()}`);
  }
}

/** The transactions list page. */
export class TransactionsPage {
  constructor(private readonly page: Page) {}

  get rows(): Locator {
    return this.page.getByTestId("transaction-row");
  }
  get search(): Locator {
    return this.page.getByLabel(/^(Search|Zoeken)$/);
  }
  get type(): Locator {
    return this.page.getByTestId("transaction-filters").getByLabel(/^(Type|Soort)$/);
  }
  get summary(): Locator {
    return this.page.getByTestId("transactions-summary");
  }
  async goto(query = "") {
    await this.page.goto(`/dashboard/transactions${query}`);
    await expect(this.page.getByRole("heading", { level: 1 })).toBeVisible();
  }
}
