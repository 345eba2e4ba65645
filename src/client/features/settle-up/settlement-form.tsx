import { Trash2Icon } from "lucide-react";
import { useForm, type Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DateInput } from "#client/components/forms/date-input.tsx";
import { toast } from "#client/lib/toast.ts";
import { FormField } from "#client/components/forms/form-field.tsx";
import { MoneyInput } from "#client/components/forms/number-inputs.tsx";
import { schemaResolver } from "#client/components/forms/schema-resolver.ts";
import { showServerErrors } from "#client/components/forms/server-errors.ts";
import { SubmitButton } from "#client/components/forms/submit-button.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { DialogFooter } from "#client/components/ui/dialog.tsx";
import { Textarea } from "#client/components/ui/textarea.tsx";
import {
  useRecordSettlement,
  useRestoreEntry,
  useUndoEntry,
  useUpdateSettlement,
} from "#client/features/income-spending/money.queries.ts";
import { errorText, useMoneyFormat } from "#client/features/income-spending/money-format.ts";
import { amountForSchema, formatCentsInput } from "#client/features/transactions/amount-input.ts";
import { today } from "#shared/dates.ts";
import { settlementChangeSchema } from "#shared/schemas/transactions.schema.ts";
import { settlementParties, type SettlementTarget } from "./settlement-dialog.tsx";

type Values = { amount: string; occurredOn: string; notes: string };

const toInput = (values: Values) => ({
  amountCents: amountForSchema(values.amount),
  occurredOn: values.occurredOn,
  notes: values.notes,
});
const fieldOfPath: Record<string, Path<Values>> = {
  amountCents: "amount",
  occurredOn: "occurredOn",
  notes: "notes",
};
const resolver = schemaResolver(
  settlementChangeSchema,
  toInput,
  (path) => fieldOfPath[path] ?? "amount",
);

/**
 * The settlement dialog's form (settlement-dialog.tsx draws the dialog around it): its amount,
 * day and notes. Recording one proposes what is owed and today, and takes less (a part paid
 * now); a booked one can be changed or deleted, both with undo from the toast.
 */
export function SettlementForm({
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
  const record = useRecordSettlement();
  const update = useUpdateSettlement();
  const remove = useUndoEntry();
  const undoRecord = useUndoEntry();
  const restore = useRestoreEntry();
  const { editing, fromId, toId, from, to, owedCents } = settlementParties(target, nameOf);

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver,
    defaultValues: {
      amount: formatCentsInput(editing ? editing.amountCents : (owedCents ?? 0), format.language),
      occurredOn: editing ? editing.occurredOn : today(),
      notes: editing?.notes ?? "",
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    const input = toInput(values) as { amountCents: number; occurredOn: string; notes: string };
    if (owedCents !== null && input.amountCents > owedCents) {
      setError("amount", {
        message: t("settle.dialog.moreThanOwed", { amount: format.money(owedCents) }),
      });
      return;
    }
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, input });
        toast.success(
          t("settle.dialog.saved", { from, to, amount: format.money(input.amountCents) }),
        );
      } else {
        const booked = await record.mutateAsync({
          fromMemberId: fromId,
          toMemberId: toId,
          ...input,
        });
        toast.success(t("settle.recorded", { from, to, amount: format.money(input.amountCents) }), {
          action: {
            label: t("undo"),
            onClick: () =>
              undoRecord.mutate(booked.id, {
                onError: (error) =>
                  toast.error(t("settle.undoFailed"), { description: errorText(t, error) }),
              }),
          },
        });
      }
      onClose();
    } catch (error) {
      if (showServerErrors(error, setError, (path) => fieldOfPath[path] ?? "amount")) return;
      toast.error(editing ? t("settle.dialog.saveFailed") : t("settle.recordFailed"), {
        description: errorText(t, error),
      });
    }
  });

  const deleteIt = () => {
    if (!editing) return;
    remove.mutate(editing.id, {
      onSuccess: () => {
        onClose();
        toast.success(
          t("settle.dialog.deleted", { from, to, amount: format.money(editing.amountCents) }),
          {
            action: {
              label: t("undo"),
              onClick: () =>
                restore.mutate(editing.id, {
                  onError: (error) =>
                    toast.error(t("settle.undoFailed"), { description: errorText(t, error) }),
                }),
            },
          },
        );
      },
      onError: (error) =>
        toast.error(t("settle.dialog.deleteFailed"), { description: errorText(t, error) }),
    });
  };

  const pending = isSubmitting || record.isPending || update.isPending;
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid min-w-0 gap-4">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField
          label={t("settle.dialog.amount")}
          hint={
            owedCents !== null
              ? t("settle.dialog.owedHint", { amount: format.money(owedCents) })
              : undefined
          }
          error={errors.amount?.message}
        >
          <MoneyInput autoFocus {...register("amount")} />
        </FormField>
        <FormField label={t("settle.dialog.date")} error={errors.occurredOn?.message}>
          <DateInput {...register("occurredOn")} />
        </FormField>
      </div>
      <FormField label={t("settle.dialog.notes")} error={errors.notes?.message}>
        <Textarea rows={2} {...register("notes")} />
      </FormField>
      <DialogFooter className="sm:items-center">
        {editing ? (
          <Button
            type="button"
            variant="ghost"
            className="text-destructive hover:text-destructive sm:mr-auto"
            disabled={remove.isPending || pending}
            onClick={deleteIt}
          >
            <Trash2Icon aria-hidden="true" />
            {t("settle.dialog.delete")}
          </Button>
        ) : null}
        <Button type="button" variant="outline" onClick={onClose}>
          {t("cancel")}
        </Button>
        <SubmitButton pending={pending}>
          {editing ? t("settle.dialog.save") : t("settle.record")}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
