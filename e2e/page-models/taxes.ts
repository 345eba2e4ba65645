import type { Locator, Page } from "@playwright/test";

/** English or Dutch, as a whole accessible name. */
const either = (en: string, nl: string) => new RegExp(`^(${en}|${nl})$`);

/** "Add a payment or refund" / "Edit payment or refund". */
export class TaxItemDialog {
  constructor(private readonly page: Page) {}

  get dialog(): Locator {
    return this.page.getByTestId("tax-item-dialog");
  }
  direction(which: "payment" | "refund"): Locator {
    return this.dialog.getByRole("radio", {
      name: which === "payment" ? either("Payment", "Betaling") : either("Refund", "Teruggaaf"),
    });
  }
  get kind(): Locator {
    return this.dialog.getByLabel(either("Kind", "Soort"));
  }
  get year(): Locator {
    return this.dialog.getByLabel(either("Tax year", "Belastingjaar"));
  }
  /** "Amount", or "Total" once spread over terms. */
  get amount(): Locator {
    return this.dialog.getByLabel(/^(Amount|Total|Bedrag|Totaal)$/);
  }
  /** The date field, whatever it is called for the direction and terms. */
  get date(): Locator {
    // A date field (typed in Hearth's language, with a calendar on Alt+Down).
    return this.dialog.locator('input[aria-keyshortcuts="Alt+ArrowDown"]');
  }
  get installments(): Locator {
    return this.dialog.getByLabel(either("Monthly terms", "Maandtermijnen"));
  }
  status(label: string): Locator {
    return this.dialog.getByRole("radio", { name: label });
  }
  get whose(): Locator {
    return this.dialog.getByLabel(either("Whose", "Van wie"));
  }
  get note(): Locator {
    return this.dialog.getByLabel(either("Note", "Notitie"));
  }
  get submit(): Locator {
    return this.dialog.getByRole("button", { name: either("Add|Save", "Toevoegen|Opslaan") });
  }
}

/** "Add a deadline" / "Edit deadline". */
export class TaxDeadlineDialog {
  constructor(private readonly page: Page) {}

  get dialog(): Locator {
    return this.page.getByTestId("tax-deadline-dialog");
  }
  get kind(): Locator {
    return this.dialog.getByLabel(either("Kind", "Soort"));
  }
  get title(): Locator {
    return this.dialog.getByLabel(either("Title \\(optional\\)", "Titel \\(optioneel\\)"));
  }
  get dueOn(): Locator {
    return this.dialog.getByLabel(either("Deadline", "Uiterste datum"));
  }
  get remind(): Locator {
    return this.dialog.getByLabel(either("Reminder mail", "Herinneringsmail"));
  }
  get whose(): Locator {
    return this.dialog.getByLabel(either("For whom", "Voor wie"));
  }
  get submit(): Locator {
    return this.dialog.getByRole("button", { name: either("Add|Save", "Toevoegen|Opslaan") });
  }
}

/** The fiscal partners' dialog of the box 3 card. */
export class PartnersDialog {
  constructor(private readonly page: Page) {}

  get dialog(): Locator {
    return this.page.getByTestId("box3-partners-dialog");
  }
  get together(): Locator {
    return this.dialog.getByRole("radio", {
      name: /^(Two fiscal partners|Twee fiscaal partners)/,
    });
  }
  get first(): Locator {
    return this.dialog.getByLabel(either("First partner", "Eerste partner"));
  }
  get second(): Locator {
    return this.dialog.getByLabel(either("Second partner", "Tweede partner"));
  }
  get split(): Locator {
    return this.dialog.getByLabel(/(part of the joint base|deel van de gezamenlijke grondslag)/);
  }
  get save(): Locator {
    return this.dialog.getByRole("button", { name: either("Save", "Opslaan") });
  }
}

/** /dashboard/taxes: a tax year's figures, payments and refunds, deadlines and box 3. */
export class TaxesPage {
  readonly itemDialog: TaxItemDialog;
  readonly deadlineDialog: TaxDeadlineDialog;
  readonly partnersDialog: PartnersDialog;

  constructor(private readonly page: Page) {
    this.itemDialog = new TaxItemDialog(page);
    this.deadlineDialog = new TaxDeadlineDialog(page);
    this.partnersDialog = new PartnersDialog(page);
  }

  async goto(year?: number) {
    await this.page.goto(year ? `/dashboard/taxes?year=${year}` : "/dashboard/taxes");
  }
  get heading(): Locator {
    return this.page.getByRole("heading", { level: 1, name: either("Taxes", "Belastingen") });
  }
  get year(): Locator {
    return this.page.getByTestId("tax-year");
  }
  get newItem(): Locator {
    return this.page.getByTestId("new-tax-item");
  }
  get newDeadline(): Locator {
    return this.page.getByTestId("new-tax-deadline");
  }
  get export(): Locator {
    return this.page.getByTestId("tax-export");
  }
  /** A figure's value: "tax-paid", "tax-due", "tax-refunds", "tax-balance". */
  figure(testId: "tax-paid" | "tax-due" | "tax-refunds" | "tax-balance"): Locator {
    return this.page.getByTestId(`${testId}-value`);
  }
  get items(): Locator {
    return this.page.getByTestId("tax-items");
  }
  get itemsEmpty(): Locator {
    return this.page.getByTestId("tax-items-empty");
  }
  /** The rows of payments and refunds on their own (not an assessment's terms). */
  get singleItems(): Locator {
    return this.items.locator(":scope ul > li > [data-testid='tax-item']");
  }
  get series(): Locator {
    return this.page.getByTestId("tax-series");
  }
  get deadlines(): Locator {
    return this.page.getByTestId("tax-deadline");
  }
  get deadlinesEmpty(): Locator {
    return this.page.getByTestId("tax-deadlines-empty");
  }
  get box3(): Locator {
    return this.page.getByTestId("box3-card");
  }
  get box3Tax(): Locator {
    return this.page.getByTestId("box3-tax");
  }
  get box3Partners(): Locator {
    return this.page.getByTestId("box3-partners");
  }
  get editPartners(): Locator {
    return this.page.getByTestId("box3-partners-edit");
  }
  get locked(): Locator {
    return this.page.getByTestId("area-locked");
  }
}
