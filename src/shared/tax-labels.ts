import type { Language } from "./i18n.ts";
import type {
  TaxDeadlineKind,
  TaxDeadlineStatus,
  TaxItemKind,
  TaxItemStatus,
} from "./schemas/taxes.schema.ts";

/**
 * The names of the taxes area's kinds and statuses in English and Dutch, with the words a Dutch
 * family knows from the tax office's letters (voorlopige aanslag, aangifte, bezwaar, ...): for
 * the year's export and the reminder mail, and for the pages.
 */
type TaxLabels = {
  itemKind: Record<TaxItemKind, string>;
  itemStatus: Record<TaxItemStatus, string>;
  deadlineKind: Record<TaxDeadlineKind, string>;
  deadlineStatus: Record<TaxDeadlineStatus, string>;
};

const en: TaxLabels = {
  itemKind: {
    "income-tax": "Income tax (final assessment)",
    "provisional-assessment": "Provisional assessment",
    municipal: "Municipal taxes",
    "water-board": "Water board tax",
    "road-tax": "Road tax",
    other: "Other",
  },
  itemStatus: { due: "Due", paid: "Paid", "to-receive": "To receive", received: "Received" },
  deadlineKind: {
    "file-return": "File the tax return",
    "object-assessment": "Object to an assessment",
    "pay-assessment": "Pay an assessment",
    "request-provisional": "Request a provisional assessment",
    other: "Other",
  },
  deadlineStatus: { open: "Open", done: "Done" },
};

const nl: TaxLabels = {
  itemKind: {
    "income-tax": "Inkomstenbelasting (definitieve aanslag)",
    "provisional-assessment": "Voorlopige aanslag",
    municipal: "Gemeentelijke belastingen",
    "water-board": "Waterschapsbelasting",
    "road-tax": "Motorrijtuigenbelasting",
    other: "Overig",
  },
  itemStatus: {
    due: "Te betalen",
    paid: "Betaald",
    "to-receive": "Te ontvangen",
    received: "Ontvangen",
  },
  deadlineKind: {
    "file-return": "Aangifte inkomstenbelasting doen",
    "object-assessment": "Bezwaar maken tegen een aanslag",
    "pay-assessment": "Aanslag betalen",
    "request-provisional": "Voorlopige aanslag aanvragen",
    other: "Overig",
  },
  deadlineStatus: { open: "Open", done: "Gedaan" },
};

export const taxLabels: Record<Language, TaxLabels> = { en, nl };
