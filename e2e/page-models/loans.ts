import { expect, type Locator, type Page } from "@playwright/test";

/** English or Dutch, as a whole accessible name. */
const either = (en: string, nl: string) => new RegExp(`^(${en}|${nl})$`);

/** One loan part's fields in the loan form ("Loan part 1" / "Leningdeel 1"). */
export class LoanPartFields {
  constructor(readonly box: Locator) {}

  get name(): Locator {
    return this.box.getByLabel(/^(Name of the part|Naam van het leningdeel)/);
  }
  get principal(): Locator {
    return this.box.getByLabel(either("Amount borrowed", "Geleend bedrag"));
  }
  get startDate(): Locator {
    return this.box.getByLabel(either("Start date", "Ingangsdatum"));
  }
  get termYears(): Locator {
    return this.box.getByLabel(either("Years", "Jaar"));
  }
  get termMonths(): Locator {
    return this.box.getByLabel(either("Months", "Maanden"));
  }
  type(type: "annuity" | "linear" | "interest-only"): Locator {
    const names = {
      annuity: either("Annuity", "Annuïteit"),
      linear: either("Linear", "Lineair"),
      "interest-only": either("Interest-only", "Aflossingsvrij"),
    };
    return this.box.getByRole("radio", { name: names[type] });
  }
  get rate(): Locator {
    return this.box.getByLabel(either("Yearly interest rate", "Rente per jaar"));
  }
  get fixedYears(): Locator {
    return this.box.getByLabel(either("Fixed for \\(years\\)", "Rentevast \\(jaar\\)"));
  }
  get followingRate(): Locator {
    return this.box.getByLabel(either("Rate after it", "Rente daarna"));
  }
  /** "0.3333% a month: the yearly rate ÷ 12, …" under the rate. */
  get monthlyRate(): Locator {
    return this.box.getByTestId("monthly-rate");
  }
  /** "First payment on …: € x (€ y interest, € z repayment)." once the part is complete. */
  get firstPayment(): Locator {
    return this.box.getByTestId("first-payment");
  }
}

/** The "New loan" / "Edit loan" dialog. */
export class LoanDialog {
  constructor(private readonly page: Page) {}

  get dialog(): Locator {
    return this.page.getByTestId("loan-dialog");
  }
  get name(): Locator {
    return this.dialog.getByLabel(either("Name", "Naam"));
  }
  get kind(): Locator {
    return this.dialog.getByLabel(either("Kind", "Soort"));
  }
  get lender(): Locator {
    return this.dialog.getByLabel(either("Lender", "Geldverstrekker"));
  }
  get ownHome(): Locator {
    return this.dialog.getByRole("checkbox", {
      name: /own home|eigen woning/,
    });
  }
  part(index: number): LoanPartFields {
    return new LoanPartFields(this.dialog.getByTestId("loan-part-fields").nth(index));
  }
  get addPart(): Locator {
    return this.dialog.getByRole("button", {
      name: either("Add a loan part", "Leningdeel toevoegen"),
    });
  }
  effect(effect: "shorter-term" | "lower-payment"): Locator {
    const names = {
      "shorter-term": either("Shorter term", "Kortere looptijd"),
      "lower-payment": either("Lower payment", "Lagere maandlast"),
    };
    return this.dialog.getByRole("radio", { name: names[effect] });
  }
  get penaltyFree(): Locator {
    return this.dialog.getByLabel(either("Penalty-free each year", "Boetevrij per jaar"));
  }
  get submit(): Locator {
    return this.dialog.getByRole("button", {
      name: /^(Add loan|Lening toevoegen|Save changes|Wijzigingen opslaan)$/,
    });
  }
}

/** The fields of an extra repayment: in the "Add extra repayment" dialog and in the what-if. */
export class ExtraFields {
  constructor(readonly root: Locator) {}

  get part(): Locator {
    return this.root.getByLabel(either("Loan part", "Leningdeel"));
  }
  kind(kind: "once" | "yearly"): Locator {
    const names = { once: either("Once", "Eenmalig"), yearly: either("Every year", "Elk jaar") };
    return this.root.getByRole("radio", { name: names[kind] });
  }
  get amount(): Locator {
    return this.root.getByLabel(either("Amount", "Bedrag"));
  }
  get date(): Locator {
    return this.root.getByLabel(/^(Date|First date|Datum|Eerste datum)$/);
  }
}

/** The loan with and without extras side by side (the loan's own, or a what-if's). */
export class Effect {
  constructor(readonly root: Locator) {}

  /** "€ x less interest" */
  get interestSaved(): Locator {
    return this.root.getByTestId("interest-saved");
  }
  /** "Repaid … sooner: the last payment in …" / "The last payment stays in …" */
  get line(): Locator {
    return this.root.getByTestId("effect-line");
  }
  /** "Part 1 · Annuity ends sooner: the last payment in … instead of …." */
  get notes(): Locator {
    return this.root.getByTestId("effect-note");
  }
}

/** /dashboard/loans: the scope's loans and totals. */
export class LoansPage {
  readonly loanDialog: LoanDialog;

  constructor(private readonly page: Page) {
    this.loanDialog = new LoanDialog(page);
  }

  async goto() {
    await this.page.goto("/dashboard/loans");
    await expect(this.page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  get empty(): Locator {
    return this.page.getByTestId("loans-empty");
  }
  get newLoan(): Locator {
    return this.page.getByTestId("new-loan");
  }
  get balance(): Locator {
    return this.page.getByTestId("loans-balance-value");
  }
  get thisMonth(): Locator {
    return this.page.getByTestId("loans-this-month-value");
  }
  get interestToCome(): Locator {
    return this.page.getByTestId("loans-interest-to-come-value");
  }
  get rows(): Locator {
    return this.page.getByTestId("loan-row");
  }
  row(name: string): Locator {
    return this.rows.filter({ has: this.page.getByRole("link", { name, exact: true }) });
  }
  open(name: string): Locator {
    return this.page.getByRole("link", { name: new RegExp(`^(Open|Openen:) ${name}$`) });
  }
}

/** /dashboard/loans/:id: one loan's page. */
export class LoanPage {
  readonly loanDialog: LoanDialog;

  constructor(private readonly page: Page) {
    this.loanDialog = new LoanDialog(page);
  }

  get root(): Locator {
    return this.page.getByTestId("loan-detail");
  }
  get back(): Locator {
    return this.root.getByRole("link", { name: either("Loans", "Leningen") });
  }
  /** What the whole loan owes today. */
  get balance(): Locator {
    return this.page.getByTestId("loan-balance");
  }
  get thisMonth(): Locator {
    return this.page.getByTestId("loan-this-month");
  }
  get edit(): Locator {
    return this.root.getByRole("button", { name: either("Edit", "Wijzigen") });
  }
  get delete(): Locator {
    return this.root.getByRole("button", { name: either("Delete", "Verwijderen") });
  }
  /** The confirmation asked before deleting. */
  get confirm(): Locator {
    return this.page.getByRole("alertdialog");
  }

  // The schedule
  get schedule(): Locator {
    return this.page.getByTestId("loan-schedule");
  }
  /** "Show": the whole loan or one part (a loan of one part has no choice). */
  get scheduleShown(): Locator {
    return this.page.getByTestId("schedule-shown");
  }
  yearButton(year: number): Locator {
    return this.schedule
      .getByTestId("schedule-year")
      .and(this.page.locator(`[data-year="${year}"]`))
      .getByRole("button");
  }
  /** Opens a year of the schedule (when it is not open yet). */
  async openYear(year: number) {
    const button = this.yearButton(year);
    if ((await button.getAttribute("aria-expanded")) !== "true") await button.click();
    await expect(button).toHaveAttribute("aria-expanded", "true");
  }
  /** The schedule's row of a month (`YYYY-MM`), its year open. */
  row(month: string): Locator {
    return this.schedule.locator(`[data-testid="schedule-row"][data-month="${month}"]`);
  }
  cell(month: string, cell: "payment" | "interest" | "repayment" | "extra" | "balance"): Locator {
    return this.row(month).getByTestId(`row-${cell}`);
  }

  // Extra repayments
  get extrasCard(): Locator {
    return this.page.getByTestId("loan-extras");
  }
  get addExtra(): Locator {
    return this.root
      .getByRole("button", { name: either("Add extra repayment", "Extra aflossing toevoegen") })
      .first();
  }
  get extraDialog(): Locator {
    return this.page.getByTestId("extra-dialog");
  }
  get extraFields(): ExtraFields {
    return new ExtraFields(this.extraDialog);
  }
  get saveExtra(): Locator {
    return this.extraDialog.getByRole("button", {
      name: either("Add extra repayment", "Extra aflossing toevoegen"),
    });
  }
  get extras(): Locator {
    return this.page.getByTestId("loan-extra");
  }
  get allowanceWarning(): Locator {
    return this.page.getByTestId("allowance-warning");
  }
  get effect(): Effect {
    return new Effect(this.page.getByTestId("loan-effect"));
  }

  // What-if
  get whatIf(): Locator {
    return this.page.getByTestId("loan-what-if");
  }
  get whatIfFields(): ExtraFields {
    return new ExtraFields(this.whatIf);
  }
  get workItOut(): Locator {
    return this.whatIf.getByRole("button", { name: either("Work it out", "Uitrekenen") });
  }
  get whatIfEffect(): Effect {
    return new Effect(this.page.getByTestId("what-if-effect"));
  }
  get whatIfSave(): Locator {
    return this.page.getByTestId("what-if-save");
  }

  // Booking
  get booking(): Locator {
    return this.page.getByTestId("loan-booking");
  }
  get book(): Locator {
    return this.booking.getByRole("button", {
      name: either("Book the payment", "Maandlast boeken"),
    });
  }
  get bookingState(): Locator {
    return this.booking.getByTestId("booking-state");
  }
  get stopBooking(): Locator {
    return this.booking.getByRole("button", { name: either("Stop booking", "Boeken stoppen") });
  }
  get recurringLink(): Locator {
    return this.booking.getByRole("link", {
      name: either("See the recurring expenses", "Naar de terugkerende uitgaven"),
    });
  }
  get bookingDialog(): Locator {
    return this.page.getByTestId("booking-dialog");
  }
  get bookingCategory(): Locator {
    return this.bookingDialog.getByLabel(either("Category", "Categorie"));
  }
  get bookingPaidBy(): Locator {
    return this.bookingDialog.getByLabel(either("Paid by", "Betaald door"));
  }
  get bookingStart(): Locator {
    return this.bookingDialog.getByLabel(
      either("First payment to book", "Eerste termijn om te boeken"),
    );
  }
  get bookingSubmit(): Locator {
    return this.bookingDialog.getByRole("button", {
      name: either("Book the payment", "Maandlast boeken"),
    });
  }
}
