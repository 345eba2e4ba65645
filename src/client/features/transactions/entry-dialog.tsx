import { PlusIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "#client/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "#client/components/ui/dialog.tsx";
import { LoadingRegion } from "#client/components/ui/loading-region.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { Tooltip, TooltipContent, TooltipTrigger } from "#client/components/ui/tooltip.tsx";
import type { Account } from "#client/features/account/account.queries.ts";
import { useCategories } from "#client/features/categories/categories.queries.ts";
import { activePeople, useMembers } from "#client/features/households/households.queries.ts";
import { useSidebar } from "#client/components/ui/sidebar.tsx";
import { SettlementDialog } from "#client/features/settle-up/settlement-dialog.tsx";
import { deferredModule, preload } from "#client/lib/deferred-module.ts";
import { useTypeAhead } from "#client/lib/use-type-ahead.ts";
import {
  closeEntryDialog,
  entryDialogReturnFocus,
  openEntryDialog,
  useEntryDialog,
} from "./entry-dialog-store.ts";

/**
 * The dialog's forms (entry-dialog-body.tsx: the entry form, money put aside, zod and
 * react-hook-form) load when a person reaches for the dialog: hovering or focusing "Add entry",
 * or opening it (the button, "n", a row). The dialog shows at once, its skeleton until they are
 * there. What is typed meanwhile into a new entry (its skeleton has the focus) is not lost: the
 * amount, which has the focus when the form arrives, starts with it.
 */
const entryDialogBody = deferredModule(() => import("./entry-dialog-body.tsx"));

/** Starts loading the entry dialog's forms: for what opens it, on hover or focus. */
export function preloadEntryDialog(): void {
  preload(entryDialogBody);
}

/** The one entry dialog of the dashboard, opened through the store from anywhere. */
export function EntryDialogHost({ account }: { account: Account }) {
  const { t } = useTranslation("entries");
  const state = useEntryDialog();
  const members = useMembers(account);
  const categories = useCategories();
  const people = members.data ? activePeople(members.data) : null;
  const editing = state.entry !== null;
  const isSettlement = state.entry?.kind === "settlement";
  const body = entryDialogBody.use(state.open && !isSettlement, closeEntryDialog);
  const typeAhead = useTypeAhead(state.key);
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
        {people && categories.data && body ? (
          <body.EntryOrPutAside
            key={state.key}
            account={account}
            entry={state.entry}
            initialKind={state.kind}
            people={people}
            categories={categories.data}
            typedAhead={editing ? undefined : typeAhead.text}
          />
        ) : (
          <LoadingRegion
            className="grid gap-4 px-6 pb-6 outline-none"
            {...(editing ? {} : typeAhead.regionProps)}
          >
            <Skeleton className="h-10" />
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
            <Skeleton className="h-24" />
          </LoadingRegion>
        )}
      </DialogContent>
    </Dialog>
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
          onPointerEnter={preloadEntryDialog}
          onFocus={preloadEntryDialog}
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
