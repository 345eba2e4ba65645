import { CheckCircle2Icon, LoaderCircleIcon } from "lucide-react";
import { useState } from "react";
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
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#client/components/ui/dialog.tsx";
import { errorText } from "#client/features/income-spending/money-format.ts";
import { amountForSchema } from "#client/features/transactions/amount-input.ts";
import { cn } from "#client/lib/cn.ts";
import { today } from "#shared/dates.ts";
import {
  addStatementSchema,
  type AddStatementInput,
  type statementSchema,
} from "#shared/schemas/savings.schema.ts";
import type { z } from "zod";
import { useSavingsFormat } from "./savings-format.ts";
import { useAddStatement, useBookStatement, useDeleteMovement } from "./savings.queries.ts";

export type Statement = z.infer<typeof statementSchema>;

type StatementFormValues = { statedOn: string; balance: string };

const fieldOf = (path: string): Path<StatementFormValues> =>
  path.startsWith("statedOn") ? "statedOn" : "balance";

const statementInput = (values: StatementFormValues): AddStatementInput => ({
  statedOn: values.statedOn,
  balanceCents: amountForSchema(values.balance) as number,
});

const resolver = schemaResolver(addStatementSchema, statementInput, fieldOf);

/**
 * "Hearth computed € x, the statement says € y, difference € z", and while they differ a
 * "Book as correction" button.
 */
export function StatementCheck({
  statement,
  onBook,
  booking,
  asCorrection = false,
  className,
}: {
  statement: Statement;
  onBook: () => void;
  booking: boolean;
  /** The button says "Book as correction" (a statement's own row) rather than "Book difference". */
  asCorrection?: boolean;
  className?: string;
}) {
  const { t } = useTranslation("savings");
  const format = useSavingsFormat();
  const differs = statement.differenceCents !== 0;
  return (
    <div
      className={cn(
        "grid gap-3 rounded-lg border p-3 text-sm sm:flex sm:items-center sm:justify-between",
        differs
          ? "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-50"
          : "border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-400/30 dark:bg-emerald-400/10 dark:text-emerald-50",
        className,
      )}
      data-testid="statement-check"
      data-difference={statement.differenceCents}
    >
      <p className="text-pretty">
        {differs
          ? t("statement.differs", {
              date: format.day(statement.statedOn, true),
              computed: format.money(statement.computedCents),
              stated: format.money(statement.balanceCents),
              difference: format.signed(statement.differenceCents),
            })
          : t("statement.matches", {
              date: format.day(statement.statedOn, true),
              stated: format.money(statement.balanceCents),
            })}
      </p>
      {differs ? (
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="shrink-0 self-start bg-background sm:self-center"
          disabled={booking}
          onClick={onBook}
        >
          {booking ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
          {asCorrection ? t("statement.bookAsCorrection") : t("statement.book")}
        </Button>
      ) : (
        <CheckCircle2Icon className="hidden size-5 shrink-0 sm:block" aria-hidden="true" />
      )}
    </div>
  );
}

/** Books a statement's difference as a correction, with a toast (and an undo in the detail). */
export function useBookDifference() {
  const { t } = useTranslation("savings");
  const format = useSavingsFormat();
  const book = useBookStatement();
  const remove = useDeleteMovement();
  return {
    pendingId: book.isPending ? book.variables : null,
    book: (statement: Statement, onDone?: () => void) =>
      book.mutate(statement.id, {
        onSuccess: (correction) => {
          toast.success(
            t("statement.booked", { amount: format.signed(statement.differenceCents) }),
            {
              action: {
                label: t("undo"),
                // The dialog may be gone by then: the promise tells how it went.
                onClick: () =>
                  void remove.mutateAsync(correction.id).catch((error: unknown) =>
                    toast.error(t("movements.deleteFailed"), {
                      description: errorText(t, error),
                    }),
                  ),
              },
            },
          );
          onDone?.();
        },
        onError: (error) =>
          toast.error(t("statement.bookFailed"), { description: errorText(t, error) }),
      }),
  };
}

/** "Enter statement balance": the bank's figure on a day, compared with Hearth's. */
export function StatementDialog({
  accountId,
  accountName,
  onClose,
}: {
  accountId: string;
  accountName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation("savings");
  const add = useAddStatement();
  const { book, pendingId } = useBookDifference();
  const [result, setResult] = useState<Statement | null>(null);
  const {
    register,
    setError,
    handleSubmit,
    trigger,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<StatementFormValues>({ resolver, defaultValues: { statedOn: today(), balance: "" } });
  const rerun = () => {
    if (isSubmitted) void trigger();
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      setResult(await add.mutateAsync({ accountId, input: statementInput(values) }));
    } catch (error) {
      if (showServerErrors(error, setError, fieldOf)) return;
      toast.error(t("statement.failed"), { description: errorText(t, error) });
    }
  });
  const busy = isSubmitting || add.isPending;

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="sm:max-w-md" closeLabel={t("close")} data-testid="statement-dialog">
        <DialogHeader>
          <DialogTitle>{t("statement.title")}</DialogTitle>
          <DialogDescription>{t("statement.description", { name: accountName })}</DialogDescription>
        </DialogHeader>
        {result ? (
          <div className="grid gap-4" aria-live="polite">
            <StatementCheck
              asCorrection
              statement={result}
              booking={pendingId === result.id}
              onBook={() => book(result, onClose)}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                {t("statement.done")}
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4">
            <div className="grid items-start gap-4 sm:grid-cols-2">
              <FormField label={t("statement.date")} error={errors.statedOn?.message}>
                <DateInput {...register("statedOn", { onChange: rerun })} />
              </FormField>
              <FormField label={t("statement.balance")} error={errors.balance?.message}>
                <MoneyInput autoFocus {...register("balance", { onChange: rerun })} />
              </FormField>
            </div>
            <p className="text-sm text-muted-foreground">{t("statement.hint")}</p>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                {t("cancel")}
              </Button>
              <SubmitButton pending={busy}>{t("statement.submit")}</SubmitButton>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
