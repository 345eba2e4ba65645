import { useTranslation } from "react-i18next";
import { FormDialog } from "#client/components/forms/form-dialog.tsx";
import { useMoneyFormat } from "#client/features/income-spending/money-format.ts";
import { deferredModule, preload } from "#client/lib/deferred-module.ts";
import type { Transaction } from "#shared/schemas/transactions.schema.ts";

/**
 * What the dialog is for: recording a payment the settle-up card proposes (its amount what is
 * owed, which may be lowered), or a settlement booked before, to change or delete.
 */
export type SettlementTarget =
  | { mode: "record"; fromMemberId: string; toMemberId: string; owedCents: number }
  | { mode: "edit"; settlement: Transaction };

/** "Bram → Anna": who paid whom. */
export function fromTo(from: string, to: string): string {
  return `${from} → ${to}`;
}

/** Who pays whom in a settlement (ids and names), what is owed and the one being changed. */
export function settlementParties(
  target: SettlementTarget,
  nameOf: (memberId: string) => string,
): {
  editing: Transaction | null;
  fromId: string;
  toId: string;
  from: string;
  to: string;
  owedCents: number | null;
} {
  const editing = target.mode === "edit" ? target.settlement : null;
  const fromId = editing
    ? (editing.paidByMemberId ?? "")
    : (target as { fromMemberId: string }).fromMemberId;
  const toId = editing
    ? (editing.receivedByMemberId ?? "")
    : (target as { toMemberId: string }).toMemberId;
  return {
    editing,
    fromId,
    toId,
    from: nameOf(fromId),
    to: nameOf(toId),
    owedCents: target.mode === "record" ? target.owedCents : null,
  };
}

/**
 * The form (settlement-form.tsx, with react-hook-form and zod) loads when a person reaches for
 * the dialog; the dialog shows at once with its title, a skeleton until the form is there.
 */
const settlementForm = deferredModule(() => import("./settlement-form.tsx"));

/** Starts loading the settlement form: for the buttons that open the dialog, on hover or focus. */
export function preloadSettlementDialog(): void {
  preload(settlementForm);
}

/**
 * A settlement: "Bram → Anna", its amount, day and notes. Recording one proposes what is owed
 * and today, and takes less (a part paid now); a booked one can be changed or deleted, both
 * with undo from the toast.
 */
export function SettlementDialog({
  target,
  nameOf,
  onClose,
}: {
  target: SettlementTarget;
  /** A member's name (a former member's too). */
  nameOf: (memberId: string) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation("money");
  const format = useMoneyFormat();
  const form = settlementForm.use(true, onClose);
  const { editing, from, to, owedCents } = settlementParties(target, nameOf);
  return (
    <FormDialog
      title={fromTo(from, to)}
      description={
        editing
          ? t("settle.dialog.editDescription", { from, to })
          : t("settle.dialog.recordDescription", {
              from,
              to,
              amount: format.money(owedCents ?? 0),
            })
      }
      closeLabel={t("close")}
      testId="settlement-dialog"
      loading={!form}
      onClose={onClose}
    >
      {form ? <form.SettlementForm target={target} nameOf={nameOf} onClose={onClose} /> : null}
    </FormDialog>
  );
}
