import { PlusIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "#client/lib/toast.ts";
import { ConfirmDelete } from "#client/components/confirm-delete.tsx";
import { FormDialog, FormDialogFooter } from "#client/components/forms/form-dialog.tsx";
import { FormField } from "#client/components/forms/form-field.tsx";
import { schemaResolver } from "#client/components/forms/schema-resolver.ts";
import { showServerErrors } from "#client/components/forms/server-errors.ts";
import { Button } from "#client/components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "#client/components/ui/card.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { errorText } from "#client/features/income-spending/money-format.ts";
import { cn } from "#client/lib/cn.ts";
import { today } from "#shared/dates.ts";
import { nthOccurrence } from "#shared/recurrence.ts";
import {
  extraRepaymentInputSchema,
  type ExtraRepayment,
  type ExtraRepaymentInput,
  type LoanDetail,
} from "#shared/schemas/loans.schema.ts";
import { AllowanceWarning, ComparisonTable } from "./comparison.tsx";
import {
  ExtraFields,
  extraDefaults,
  extraFieldOf,
  extraInput,
  usePartLabel,
  type ExtraFormValues,
} from "./extra-fields.tsx";
import { useLoansFormat } from "./loans-format.ts";
import { useAddExtra, useDeleteExtra } from "./loans.queries.ts";

/**
 * A loan's extra repayments: each with its part, date (or yearly, until) and amount; what may
 * be repaid without a penalty each calendar year, with a warning past it; and what the extras
 * do against the loan without them.
 */
export function ExtrasCard({
  detail,
  adding,
  onAdding,
}: {
  detail: LoanDetail;
  adding: boolean;
  onAdding: (open: boolean) => void;
}) {
  const { t } = useTranslation("loans");
  const format = useLoansFormat();
  const partLabel = usePartLabel();
  const remove = useDeleteExtra();
  const add = useAddExtra();
  const [deleting, setDeleting] = useState<ExtraRepayment | null>(null);
  const partIndex = new Map(detail.parts.map((part, index) => [part.id, index]));
  const labelOf = (extra: ExtraRepayment) => {
    const index = partIndex.get(extra.partId);
    const part = index === undefined ? undefined : detail.parts[index];
    return part && index !== undefined ? partLabel(part, index) : t("extras.formerPart");
  };
  const describe = (extra: ExtraRepayment) =>
    extra.kind === "once"
      ? t("extras.onceOn", {
          amount: format.money(extra.amountCents),
          date: format.day(extra.date, true),
        })
      : extra.untilDate
        ? t("extras.yearlyUntil", {
            amount: format.money(extra.amountCents),
            date: format.day(extra.date, true),
            until: format.day(extra.untilDate, true),
          })
        : t("extras.yearlyFrom", {
            amount: format.money(extra.amountCents),
            date: format.day(extra.date, true),
          });

  /** Each part the extras make end sooner: its last payment now, and as contracted. */
  const partsSooner = (loan: LoanDetail) =>
    loan.parts.flatMap((part, index) => {
      const contracted = nthOccurrence(
        { frequency: "monthly", startDate: part.startDate },
        part.termMonths,
      );
      const payoff = part.summary.payoffDate;
      return payoff !== "" && payoff.slice(0, 7) < contracted.slice(0, 7)
        ? [
            t("effect.partSooner", {
              part: partLabel(part, index),
              date: format.monthOf(payoff),
              contracted: format.monthOf(contracted),
            }),
          ]
        : [];
    });

  const undo = (extra: ExtraRepayment) => ({
    label: t("undo"),
    onClick: () =>
      add.mutate(
        {
          loanId: detail.id,
          input: {
            partId: extra.partId,
            kind: extra.kind,
            date: extra.date,
            untilDate: extra.untilDate,
            amountCents: extra.amountCents,
            note: extra.note,
          },
        },
        {
          onSuccess: () => toast.success(t("extras.restored")),
          onError: (error) =>
            toast.error(t("extras.restoreFailed"), { description: errorText(t, error) }),
        },
      ),
  });

  return (
    <Card className="gap-4" data-testid="loan-extras">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 max-sm:px-4">
        <div className="min-w-0 flex-1 basis-72 space-y-1">
          <CardTitle className="text-base">{t("extras.title")}</CardTitle>
          <CardDescription>
            {t(`extras.description.${detail.extraEffect}`, {
              allowance: format.money(detail.allowance.allowanceCents),
              percent: format.share(detail.penaltyFreeBp),
            })}
          </CardDescription>
        </div>
        <Button size="sm" variant="outline" onClick={() => onAdding(true)}>
          <PlusIcon aria-hidden="true" />
          {t("extras.add")}
        </Button>
      </CardHeader>
      <CardContent className="grid gap-5 max-sm:px-4">
        {detail.extras.length === 0 ? (
          <p className="rounded-lg border border-dashed bg-muted/40 px-4 py-6 text-center text-sm text-muted-foreground text-pretty">
            {t("extras.empty")}
          </p>
        ) : (
          <ul className="-mx-2 grid divide-y" aria-label={t("extras.title")}>
            {detail.extras.map((extra) => (
              <li
                key={extra.id}
                className="flex items-center gap-3 px-2 py-2.5"
                data-testid="loan-extra"
              >
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium">{describe(extra)}</p>
                  <p className="truncate text-xs text-muted-foreground">
                    {labelOf(extra)}
                    {extra.note ? ` · ${extra.note}` : ""}
                  </p>
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8 shrink-0 text-muted-foreground hover:text-destructive"
                  aria-label={t("extras.deleteNamed", { what: describe(extra) })}
                  onClick={() => setDeleting(extra)}
                >
                  <Trash2Icon aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}

        <AllowanceWarning allowance={detail.allowance} />
        {detail.extras.length > 0 ? <AllowanceYears detail={detail} /> : null}

        {detail.extras.length > 0 ? (
          <section aria-labelledby="loan-effect-title" className="grid gap-3">
            <h3 id="loan-effect-title" className="font-medium">
              {t("effect.title")}
            </h3>
            <ComparisonTable
              comparison={detail.comparison}
              effect={detail.extraEffect}
              withoutLabel={t("effect.withoutExtras")}
              withLabel={t("effect.withExtras")}
              notes={detail.extraEffect === "shorter-term" ? partsSooner(detail) : []}
              testId="loan-effect"
            />
          </section>
        ) : null}
      </CardContent>

      {adding ? <ExtraDialog detail={detail} onClose={() => onAdding(false)} /> : null}

      <ConfirmDelete
        item={deleting}
        onClose={() => setDeleting(null)}
        title={t("extras.deleteTitle")}
        description={(extra) => t("extras.deleteBody", { what: describe(extra) })}
        confirmLabel={t("extras.delete")}
        remove={remove}
        deleted={() => t("extras.deleted")}
        failed={t("extras.deleteFailed")}
        errorOf={(error) => errorText(t, error)}
        undo={undo}
      />
    </Card>
  );
}

/**
 * The calendar years with extra repayments (and this year), each against the penalty-free
 * allowance: how much of it is used, and by how much a year goes past it.
 */
function AllowanceYears({ detail }: { detail: LoanDetail }) {
  const { t } = useTranslation("loans");
  const format = useLoansFormat();
  const thisYear = Number(today().slice(0, 4));
  const years = detail.allowance.years.filter(
    (year) => year.extraRepaymentCents > 0 || year.year === thisYear,
  );
  return (
    <section aria-labelledby="allowance-title" className="grid gap-2">
      <h3 id="allowance-title" className="font-medium">
        {t("allowance.title")}
      </h3>
      <ul className="grid gap-x-10 gap-y-3 sm:grid-cols-2">
        {years.map((year) => {
          const used =
            year.allowanceCents > 0
              ? Math.min(100, Math.round((year.extraRepaymentCents * 100) / year.allowanceCents))
              : year.extraRepaymentCents > 0
                ? 100
                : 0;
          return (
            <li
              key={year.year}
              className="grid gap-1.5"
              data-testid="allowance-year"
              data-over={year.overAllowance}
            >
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                <span className="font-medium">{year.year}</span>
                <span
                  className={cn(
                    "tabular-nums",
                    year.overAllowance && "font-medium text-amber-700 dark:text-amber-400",
                  )}
                >
                  {t("allowance.used", {
                    amount: format.money(year.extraRepaymentCents),
                    allowance: format.money(year.allowanceCents),
                  })}
                </span>
              </div>
              <div
                role="progressbar"
                aria-label={t("allowance.yearLabel", { year: year.year })}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={used}
                className="h-2 overflow-hidden rounded-full bg-muted"
              >
                <div
                  className={cn(
                    "h-full rounded-full",
                    year.overAllowance ? "bg-amber-500" : "bg-primary",
                  )}
                  style={{ width: `${used}%` }}
                />
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

const toRequest = (values: ExtraFormValues) => ({ ...extraInput(values), note: values.note });
const resolver = schemaResolver(extraRepaymentInputSchema, toRequest, extraFieldOf);

/** "Add an extra repayment" to one of the loan's parts, once or every year. */
function ExtraDialog({ detail, onClose }: { detail: LoanDetail; onClose: () => void }) {
  const { t } = useTranslation("loans");
  const format = useLoansFormat();
  const add = useAddExtra();
  const form = useForm<ExtraFormValues>({ resolver, defaultValues: extraDefaults(detail) });
  const {
    register,
    setError,
    handleSubmit,
    formState: { errors, isSubmitting, isSubmitted },
  } = form;
  const rerun = () => {
    if (isSubmitted) void form.trigger();
  };
  const onSubmit = handleSubmit(async (values) => {
    try {
      const input: ExtraRepaymentInput = extraRepaymentInputSchema.parse(toRequest(values));
      await add.mutateAsync({ loanId: detail.id, input });
      toast.success(t("extras.added", { amount: format.money(input.amountCents) }));
      onClose();
    } catch (error) {
      if (showServerErrors(error, setError, extraFieldOf)) return;
      toast.error(t("extras.addFailed"), { description: errorText(t, error) });
    }
  });

  return (
    <FormDialog
      title={t("extras.dialogTitle")}
      description={t("extras.dialogDescription")}
      closeLabel={t("close")}
      testId="extra-dialog"
      onClose={onClose}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid min-w-0 gap-4">
        <ExtraFields form={form} parts={detail.parts} rerun={rerun} />
        <FormField label={t("extras.note")} error={errors.note?.message}>
          <Input autoComplete="off" {...register("note")} />
        </FormField>
        <FormDialogFooter
          cancelLabel={t("cancel")}
          onCancel={onClose}
          pending={isSubmitting || add.isPending}
        >
          {t("extras.save")}
        </FormDialogFooter>
      </form>
    </FormDialog>
  );
}
