import type { Locator, Page } from "@playwright/test";

/** The plan dialog: the period switch, the plan cards (radios), the coupon and the button. */
export class PlanDialog {
  constructor(private readonly page: Page) {}

  get root(): Locator {
    return this.page.getByTestId("plan-dialog");
  }

  card(plan: "free" | "premium" | "pro"): Locator {
    return this.root.getByTestId(`plan-card-${plan}`);
  }

  radio(name: string | RegExp): Locator {
    return this.root.getByRole("radio", { name });
  }

  period(name: "Monthly" | "Annual"): Locator {
    return this.root.getByRole("button", { name: new RegExp(`^${name}`) });
  }

  get coupon(): Locator {
    return this.root.getByLabel(/Coupon code/);
  }

  get choose(): Locator {
    return this.root.getByTestId("choose-plan");
  }
}

/** The test-mode checkout page. */
export class CheckoutPage {
  constructor(private readonly page: Page) {}

  get banner(): Locator {
    return this.page.getByTestId("test-checkout-banner");
  }

  get summary(): Locator {
    return this.page.getByTestId("checkout-summary");
  }

  get pay(): Locator {
    return this.page.getByRole("button", { name: /^Pay / });
  }
}
