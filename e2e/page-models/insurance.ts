import type { Locator, Page } from "@playwright/test";

/** English or Dutch, as a whole accessible name. */
const either = (en: string, nl: string) => new RegExp(`^(${en}|${nl})$`);

/** "Add a policy" / "Edit policy". */
export class PolicyDialog {
  constructor(private readonly page: Page) {}

  get dialog(): Locator {
    return this.page.getByTestId("policy-dialog");
  }
  get kind(): Locator {
    return this.dialog.getByLabel(either("Kind", "Soort"));
  }
  get insurer(): Locator {
    return this.dialog.getByLabel(either("Insurer", "Verzekeraar"));
  }
  get policyNumber(): Locator {
    return this.dialog.getByLabel(
      either("Policy number \\(optional\\)", "Polisnummer \\(optioneel\\)"),
    );
  }
  /** "The household" or "People" as who is covered. */
  insured(which: "household" | "members"): Locator {
    return this.dialog.getByRole("radio", {
      name:
        which === "household"
          ? either("The household", "Het huishouden")
          : either("People", "Personen"),
    });
  }
  /** A person's tick among those covered. */
  person(name: string): Locator {
    return this.dialog.getByRole("checkbox", { name });
  }
  get premium(): Locator {
    return this.dialog.getByLabel(either("Premium per payment", "Premie per betaling"));
  }
  get frequency(): Locator {
    return this.dialog.getByLabel(either("Paid", "Betaald"));
  }
  /** The premium a year and a month as typed. */
  get figures(): Locator {
    return this.dialog.getByTestId("policy-figures");
  }
  get voluntary(): Locator {
    return this.dialog.getByLabel(either("Voluntary deductible", "Vrijwillig eigen risico"));
  }
  get startDate(): Locator {
    return this.dialog.getByLabel(either("Start date", "Ingangsdatum"));
  }
  get renewalDate(): Locator {
    return this.dialog.getByLabel(
      either("Renewal date \\(optional\\)", "Verlengingsdatum \\(optioneel\\)"),
    );
  }
  get noticeValue(): Locator {
    return this.dialog.getByLabel(either("Notice period", "Opzegtermijn"));
  }
  get noticeUnit(): Locator {
    return this.dialog.getByLabel(
      either("Unit of the notice period", "Eenheid van de opzegtermijn"),
    );
  }
  /** "Give notice by … to end it on …" as typed. */
  get noticeBy(): Locator {
    return this.dialog.getByTestId("policy-notice-by");
  }
  get remind(): Locator {
    return this.dialog.getByLabel(either("Reminder mail", "Herinneringsmail"));
  }
  get submit(): Locator {
    return this.dialog.getByRole("button", { name: either("Add|Save", "Toevoegen|Opslaan") });
  }
}

/** "Cancel this policy": the last day covered. */
export class CancelPolicyDialog {
  constructor(private readonly page: Page) {}

  get dialog(): Locator {
    return this.page.getByTestId("policy-cancel-dialog");
  }
  get endsOn(): Locator {
    return this.dialog.getByLabel(either("Last day covered", "Laatste verzekerde dag"));
  }
  get submit(): Locator {
    return this.dialog.getByRole("button", { name: either("Cancel policy", "Opzeggen") });
  }
}

/** /dashboard/insurance: the premiums, what is coming up, the coverage grid and the policies. */
export class InsurancePage {
  readonly policyDialog: PolicyDialog;
  readonly cancelDialog: CancelPolicyDialog;

  constructor(private readonly page: Page) {
    this.policyDialog = new PolicyDialog(page);
    this.cancelDialog = new CancelPolicyDialog(page);
  }

  async goto() {
    await this.page.goto("/dashboard/insurance");
  }
  get heading(): Locator {
    return this.page.getByRole("heading", {
      level: 1,
      name: either("Insurance", "Verzekeringen"),
    });
  }
  get newPolicy(): Locator {
    return this.page.getByTestId("new-policy");
  }
  get empty(): Locator {
    return this.page.getByTestId("policies-empty");
  }
  /** The empty list's one-click start of a kind ("health-basic", "liability", …). */
  start(kind: string): Locator {
    return this.page.getByTestId(`start-${kind}`);
  }
  /** A figure's value: "insurance-month", "insurance-year", "insurance-policies". */
  figure(testId: "insurance-month" | "insurance-year" | "insurance-policies"): Locator {
    return this.page.getByTestId(`${testId}-value`);
  }
  get perMember(): Locator {
    return this.page.getByTestId("insurance-per-member");
  }
  get byKind(): Locator {
    return this.page.getByTestId("insurance-by-kind");
  }
  get upcoming(): Locator {
    return this.page.getByTestId("insurance-upcoming");
  }
  get coverage(): Locator {
    return this.page.getByTestId("coverage");
  }
  /** The grid's cell of a kind for a person (a policy, or a gap). */
  cell(kind: string, memberId: string): Locator {
    return this.coverage.locator(`td[data-kind="${kind}"][data-member="${memberId}"]`);
  }
  get gaps(): Locator {
    return this.page.getByTestId("coverage-gaps");
  }
  /** The policies in force and to come (not the cancelled ones). */
  get policies(): Locator {
    return this.page.getByTestId("policies").locator(":scope ul:not([data-testid]) > li");
  }
  /** A policy's row, by a text it shows (its insurer). */
  policy(text: string): Locator {
    return this.page.getByTestId("policy-row").filter({ hasText: text });
  }
  get history(): Locator {
    return this.page.getByTestId("policies-history");
  }
  get locked(): Locator {
    return this.page.getByTestId("area-locked");
  }
}
