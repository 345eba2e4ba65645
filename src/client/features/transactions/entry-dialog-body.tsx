import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Segmented } from "#client/components/forms/segmented.tsx";
import { canOpen } from "#client/components/layout/nav-items.ts";
import type { Account } from "#client/features/account/account.queries.ts";
import { shownPlan } from "#client/features/billing/billing.queries.ts";
import type { HouseholdMemberRow } from "#client/features/households/households.queries.ts";
import { PutAsideForm } from "#client/features/savings/put-aside-form.tsx";
import type { Category, EntryKind } from "#shared/schemas/categories.schema.ts";
import type { Transaction } from "#shared/schemas/transactions.schema.ts";
import { closeEntryDialog } from "./entry-dialog-store.ts";
import { EntryForm } from "./entry-form.tsx";

/**
 * The dialog's body: an entry, or — for a new one, where the plan opens savings — money put
 * aside, which is a savings deposit and never an entry (decision 019). Both keep the same
 * expense / income / put-aside switch on top. Loaded when the dialog is reached for
 * (entry-dialog.tsx): zod, react-hook-form and the forms stay off the dashboard's first load.
 */
export function EntryOrPutAside({
  account,
  entry,
  initialKind,
  people,
  categories,
  typedAhead,
}: {
  account: Account;
  entry: Transaction | null;
  initialKind: EntryKind;
  people: HouseholdMemberRow[];
  categories: Category[];
  /** What was typed while the form was loading (entry-dialog.tsx): the amount starts with it. */
  typedAhead?: string | undefined;
}) {
  const { t } = useTranslation("entries");
  const uid = useId();
  const [kind, setKind] = useState<EntryKind>(initialKind);
  const [putAside, setPutAside] = useState(false);
  // Only for the form that was loading: back from money put aside, the entry starts empty.
  const [typed, setTyped] = useState(typedAhead);
  const savingsOpen = entry === null && canOpen(shownPlan(account, false), "saving");
  if (savingsOpen && putAside) {
    return (
      <PutAsideForm
        account={account}
        onDone={closeEntryDialog}
        kindSwitch={
          <Segmented
            name={`${uid}-kind`}
            legend={t("form.kind")}
            value={"put-aside" as EntryKind | "put-aside"}
            options={[
              { value: "expense", label: t("kinds.expense") },
              { value: "income", label: t("kinds.income") },
              { value: "put-aside", label: t("kinds.putAside") },
            ]}
            onChange={(next) => {
              if (next === "put-aside") return;
              setKind(next);
              setPutAside(false);
            }}
          />
        }
      />
    );
  }
  return (
    <EntryForm
      entry={entry}
      initialKind={kind}
      people={people}
      categories={categories}
      meId={account.member.id}
      onDone={closeEntryDialog}
      onPutAside={
        savingsOpen
          ? () => {
              setTyped(undefined);
              setPutAside(true);
            }
          : undefined
      }
      typedAhead={typed}
    />
  );
}
