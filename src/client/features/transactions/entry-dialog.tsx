import { PlusIcon } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "#client/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "#client/components/ui/dialog.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { Tooltip, TooltipContent, TooltipTrigger } from "#client/components/ui/tooltip.tsx";
import type { Account } from "#client/features/account/account.queries.ts";
import { useCategories } from "#client/features/categories/categories.queries.ts";
import { activePeople, useMembers } from "#client/features/households/households.queries.ts";
import { useSidebar } from "#client/components/ui/sidebar.tsx";
import {
  closeEntryDialog,
  entryDialogReturnFocus,
  openEntryDialog,
  useEntryDialog,
} from "./entry-dialog-store.ts";
import { EntryForm } from "./entry-form.tsx";
import { canOpen } from "#client/components/layout/nav-items.ts";
import { shownPlan } from "#client/features/billing/billing.queries.ts";
import type { HouseholdMemberRow } from "#client/features/households/households.queries.ts";
import { Segmented } from "#client/components/forms/segmented.tsx";
import { PutAsideForm } from "#client/features/savings/put-aside-form.tsx";
import { SettlementDialog } from "#client/features/settle-up/settlement-dialog.tsx";
import type { Category, EntryKind } from "#shared/schemas/categories.schema.ts";
import type { Transaction } from "#shared/schemas/transactions.schema.ts";

/** The one entry dialog of the dashboard, opened through the store from anywhere. */
export function EntryDialogHost({ account }: { account: Account }) {
  const { t } = useTranslation("entries");
  const state = useEntryDialog();
  const members = useMembers(account);
  const categories = useCategories();
  const people = members.data ? activePeople(members.data) : null;
  const editing = state.entry !== null;
  if (state.entry?.kind === "settlement") {
    // A settlement opens as itself: "Bram → Anna", its amount, day and notes.
    const names = new Map((members.data ?? []).map((member) => [member.id, member.name]));
    return state.open ? (
      <SettlementDialog
        key={state.key}
        target={{ mode: "edit", settlement: state.entry }}
        nameOf={(id) => names.get(id) ?? t("form.formerMember")}
        onClose={closeEntryDialog}
      />
    ) : null;
  }
  return (
    <Dialog open={state.open} onOpenChange={(open) => !open && closeEntryDialog()}>
      <DialogContent
        closeLabel={t("common:actions.close")}
        // Header and buttons stay put; the form's fields scroll between them (entry-form.tsx).
        className="flex max-h-[calc(100dvh-2rem)] max-w-lg flex-col gap-0 overflow-hidden p-0"
        data-testid="entry-dialog"
        onCloseAutoFocus={(event) => {
          const target = entryDialogReturnFocus();
          if (!target) return;
          event.preventDefault();
          target.focus();
        }}
      >
        <DialogHeader className="shrink-0 px-6 pt-6 pr-12 pb-4">
          <DialogTitle>{editing ? t("form.editTitle") : t("form.addTitle")}</DialogTitle>
          <DialogDescription>
            {editing ? t("form.editDescription") : t("form.addDescription")}
          </DialogDescription>
        </DialogHeader>
        {people && categories.data ? (
          <EntryOrPutAside
            key={state.key}
            account={account}
            entry={state.entry}
            initialKind={state.kind}
            people={people}
            categories={categories.data}
          />
        ) : (
          <div className="grid gap-4 px-6 pb-6" aria-busy="true">
            <Skeleton className="h-10" />
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
            <Skeleton className="h-24" />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The dialog's body: an entry, or — for a new one, where the plan opens savings — money put
 * aside, which is a savings deposit and never an entry (decision 019). Both keep the same
 * expense / income / put-aside switch on top.
 */
function EntryOrPutAside({
  account,
  entry,
  initialKind,
  people,
  categories,
}: {
  account: Account;
  entry: Transaction | null;
  initialKind: EntryKind;
  people: HouseholdMemberRow[];
  categories: Category[];
}) {
  const { t } = useTranslation("entries");
  const uid = useId();
  const [kind, setKind] = useState<EntryKind>(initialKind);
  const [putAside, setPutAside] = useState(false);
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
      onPutAside={savingsOpen ? () => setPutAside(true) : undefined}
    />
  );
}

/** True when a key press belongs to a field or a dialog and must not act as a shortcut. */
function isTyping(event: KeyboardEvent): boolean {
  const target = event.target;
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const field = target.closest("input, textarea, select, [role='textbox'], [role='combobox']");
  // A checkbox or radio takes no letters: "n" there still opens the form.
  if (field && !(field instanceof HTMLInputElement && /^(checkbox|radio)$/.test(field.type)))
    return true;
  return document.querySelector("[role='dialog'], [role='alertdialog']") !== null;
}

/** The top bar's "Add entry" button; "n" anywhere on the dashboard opens the same form. */
export function AddEntryButton() {
  const { t } = useTranslation("entries");
  const { isMobile } = useSidebar();
  const [hintOpen, setHintOpen] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "n" || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.defaultPrevented || isTyping(event)) return;
      event.preventDefault();
      openEntryDialog();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
  return (
    <Tooltip open={hintOpen && !isMobile} onOpenChange={setHintOpen}>
      <TooltipTrigger asChild>
        <Button
          size="sm"
          aria-keyshortcuts="N"
          onClick={() => openEntryDialog()}
          data-testid="add-entry"
          className="max-sm:size-8 max-sm:px-0"
        >
          <PlusIcon aria-hidden="true" />
          <span className="max-sm:sr-only">{t("actions.add")}</span>
        </Button>
      </TooltipTrigger>
      <TooltipContent side="bottom">
        {t("actions.addHint")} <kbd className="ml-1 font-sans opacity-80">N</kbd>
      </TooltipContent>
    </Tooltip>
  );
}
