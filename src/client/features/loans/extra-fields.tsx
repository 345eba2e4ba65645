import { useId } from "react";
import { useWatch, type Path, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DateInput } from "#client/components/forms/date-input.tsx";
import { FormField } from "#client/components/forms/form-field.tsx";
import { MoneyInput } from "#client/components/forms/number-inputs.tsx";
import { Segmented } from "#client/components/forms/segmented.tsx";
import { NativeSelect } from "#client/components/ui/select.tsx";
import { amountForSchema } from "#client/features/transactions/amount-input.ts";
import { today } from "#shared/dates.ts";
import type { ExtraRepaymentEffect } from "#shared/loan-math.ts";
import {
  extraRepaymentKinds,
  type ExtraRepaymentKind,
  type LoanDetail,
  type LoanPart,
} from "#shared/schemas/loans.schema.ts";

/**
 * An extra repayment as typed, for adding one and for the what-if: which part, once or every
 * year (until a last date), from which day, how much; a note to keep, or what it should do.
 */
export type ExtraFormValues = {
  partId: string;
  kind: ExtraRepaymentKind;
  date: string;
  untilDate: string;
  amount: string;
  note: string;
  effect: ExtraRepaymentEffect;
};

/** The fields every extra repayment request has, from the form's values. */
export function extraInput(values: ExtraFormValues) {
  return {
    partId: values.partId,
    kind: values.kind,
    date: values.date,
    untilDate: values.kind === "yearly" && values.untilDate !== "" ? values.untilDate : null,
    amountCents: amountForSchema(values.amount),
  };
}

const fieldOfPath: Record<string, Path<ExtraFormValues>> = {
  partId: "partId",
  kind: "kind",
  date: "date",
  untilDate: "untilDate",
  amountCents: "amount",
  note: "note",
  effect: "effect",
};
export const extraFieldOf = (path: string): Path<ExtraFormValues> =>
  fieldOfPath[path.split(".")[0] ?? ""] ?? "amount";

/** A new extra repayment: the first part, once, today (or the part's start, if later). */
export function extraDefaults(detail: LoanDetail): ExtraFormValues {
  const part = detail.parts[0];
  const day = today();
  return {
    partId: part?.id ?? "",
    kind: "once",
    date: part && part.startDate > day ? part.startDate : day,
    untilDate: "",
    amount: "",
    note: "",
    effect: detail.extraEffect,
  };
}

/** "Part 1 · Annuity", or "Box 1 · Annuity" by the part's own name: a part in pickers and lists. */
export function usePartLabel() {
  const { t } = useTranslation("loans");
  return (part: Pick<LoanPart, "name" | "repaymentType">, index: number) =>
    t("parts.label", {
      name: part.name ?? t("parts.unnamed", { number: index + 1 }),
      type: t(`types.${part.repaymentType}.label`),
    });
}

/** The fields of an extra repayment (part, once or yearly, dates, amount) in `form`. */
export function ExtraFields({
  form,
  parts,
  rerun,
}: {
  form: UseFormReturn<ExtraFormValues>;
  parts: readonly LoanPart[];
  rerun: () => void;
}) {
  const { t } = useTranslation("loans");
  const uid = useId();
  const partLabel = usePartLabel();
  const {
    control,
    register,
    setValue,
    formState: { errors },
  } = form;
  const kind = useWatch({ control, name: "kind" });
  return (
    <div className="grid min-w-0 gap-4">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        {parts.length > 1 ? (
          <FormField label={t("extras.part")} error={errors.partId?.message}>
            <NativeSelect {...register("partId", { onChange: rerun })}>
              {parts.map((part, index) => (
                <option key={part.id} value={part.id}>
                  {partLabel(part, index)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        ) : null}
        <Segmented
          name={`${uid}-kind`}
          legend={t("extras.kind")}
          showLegend
          value={kind}
          options={extraRepaymentKinds.map((value) => ({
            value,
            label: t(`extras.kinds.${value}`),
          }))}
          onChange={(value) => {
            setValue("kind", value);
            rerun();
          }}
        />
        <FormField label={t("extras.amount")} error={errors.amount?.message}>
          <MoneyInput {...register("amount", { onChange: rerun })} />
        </FormField>
        <FormField
          label={kind === "yearly" ? t("extras.firstDate") : t("extras.date")}
          error={errors.date?.message}
        >
          <DateInput {...register("date", { onChange: rerun })} />
        </FormField>
        {kind === "yearly" ? (
          <FormField
            label={t("extras.untilDate")}
            hint={t("extras.untilHint")}
            error={errors.untilDate?.message}
          >
            <DateInput {...register("untilDate", { onChange: rerun })} />
          </FormField>
        ) : null}
      </div>
    </div>
  );
}
