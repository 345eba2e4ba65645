import { useId } from "react";
import { useForm, useWatch, type Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DateInput } from "#client/components/forms/date-input.tsx";
import { toast } from "#client/lib/toast.ts";
import { FormDialog, FormDialogFooter } from "#client/components/forms/form-dialog.tsx";
import { FormField } from "#client/components/forms/form-field.tsx";
import { schemaResolver } from "#client/components/forms/schema-resolver.ts";
import { Segmented } from "#client/components/forms/segmented.tsx";
import { showServerErrors } from "#client/components/forms/server-errors.ts";
import { Input } from "#client/components/ui/input.tsx";
import { NativeSelect } from "#client/components/ui/select.tsx";
import type { Account } from "#client/features/account/account.queries.ts";
import { errorText } from "#client/features/income-spending/money-format.ts";
import { addDays } from "#shared/dates.ts";
import {
  taxDeadlineInputSchema,
  taxDeadlineKinds,
  type TaxDeadline,
  type TaxDeadlineInput,
  type TaxDeadlineKind,
  type TaxDeadlineStatus,
} from "#shared/schemas/taxes.schema.ts";
import { useTaxesFormat } from "./taxes-format.ts";
import { useCreateTaxDeadline, useUpdateTaxDeadline } from "./taxes.queries.ts";
import { household, WhoseSelect } from "./whose-select.tsx";

/** The reminder choices offered (days before the deadline); "" is none. */
const reminderChoices = [0, 1, 3, 7, 14, 30, 60] as const;
const noReminder = "";

export type DeadlineFormValues = {
  kind: TaxDeadlineKind;
  title: string;
  year: string;
  dueOn: string;
  status: TaxDeadlineStatus;
  remind: string;
  whose: string;
};

export function deadlineInput(values: DeadlineFormValues): TaxDeadlineInput {
  return {
    year: Number(values.year.trim()),
    kind: values.kind,
    title: values.title,
    dueOn: values.dueOn,
    status: values.status,
    remindDaysBefore: values.remind === noReminder ? null : Number(values.remind),
    memberId: values.whose === household ? null : values.whose,
  };
}

const fieldOfPath: Record<string, Path<DeadlineFormValues>> = {
  year: "year",
  kind: "kind",
  title: "title",
  dueOn: "dueOn",
  status: "status",
  remindDaysBefore: "remind",
  memberId: "whose",
};
const fieldOf = (path: string): Path<DeadlineFormValues> =>
  fieldOfPath[path.split(".")[0] ?? ""] ?? "dueOn";

const resolver = schemaResolver(taxDeadlineInputSchema, deadlineInput, fieldOf);

/**
 * The first deadline a family meets for a year's return: filing it by 1 May of the next year
 * (the tax office's date for the income tax return).
 */
const defaultDueOn = (year: number) => `${year + 1}-05-01`;

/** "Add a deadline" for the year, or change one (`editing`). */
export function DeadlineDialog({
  account,
  year,
  editing,
  scopeMemberId,
  onClose,
}: {
  account: Account;
  year: number;
  editing: TaxDeadline | null;
  scopeMemberId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation("taxes");
  const format = useTaxesFormat();
  const uid = useId();
  const create = useCreateTaxDeadline();
  const update = useUpdateTaxDeadline();
  const form = useForm<DeadlineFormValues>({
    resolver,
    defaultValues: editing
      ? {
          kind: editing.kind,
          title: editing.title ?? "",
          year: String(editing.year),
          dueOn: editing.dueOn,
          status: editing.status,
          remind: editing.remindDaysBefore === null ? noReminder : String(editing.remindDaysBefore),
          whose: editing.memberId ?? household,
        }
      : {
          kind: "file-return",
          title: "",
          year: String(year),
          dueOn: defaultDueOn(year),
          status: "open",
          remind: "14",
          whose: scopeMemberId ?? household,
        },
  });
  const {
    control,
    register,
    setValue,
    setError,
    handleSubmit,
    formState: { errors, isSubmitting, isSubmitted },
  } = form;
  const status = useWatch({ control, name: "status" });
  const remind = useWatch({ control, name: "remind" });
  const dueOn = useWatch({ control, name: "dueOn" });
  const whose = useWatch({ control, name: "whose" });
  const rerun = () => {
    if (isSubmitted) void form.trigger();
  };
  // A value the server holds that the list does not offer stays a choice.
  const choices =
    editing?.remindDaysBefore != null &&
    !(reminderChoices as readonly number[]).includes(editing.remindDaysBefore)
      ? [...reminderChoices, editing.remindDaysBefore].sort((a, b) => a - b)
      : [...reminderChoices];
  const remindOn =
    remind !== noReminder && /^\d{4}-\d{2}-\d{2}$/.test(dueOn)
      ? addDays(dueOn, -Number(remind))
      : null;

  const onSubmit = handleSubmit(async (values) => {
    const input = deadlineInput(values);
    try {
      if (editing) await update.mutateAsync({ id: editing.id, input });
      else await create.mutateAsync(input);
      toast.success(editing ? t("deadlineForm.saved") : t("deadlineForm.added"));
      onClose();
    } catch (error) {
      if (showServerErrors(error, setError, fieldOf)) return;
      toast.error(t("deadlineForm.failed"), { description: errorText(t, error) });
    }
  });

  return (
    <FormDialog
      title={editing ? t("deadlineForm.editTitle") : t("deadlineForm.title")}
      description={t("deadlineForm.description")}
      closeLabel={t("close")}
      testId="tax-deadline-dialog"
      onClose={onClose}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid min-w-0 gap-4">
        <div className="grid items-start gap-4 sm:grid-cols-[1fr_7rem]">
          <FormField label={t("deadlineForm.kind")} error={errors.kind?.message}>
            <NativeSelect autoFocus {...register("kind", { onChange: rerun })}>
              {taxDeadlineKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {format.labels.deadlineKind[kind]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label={t("deadlineForm.year")} error={errors.year?.message}>
            <Input
              inputMode="numeric"
              autoComplete="off"
              {...register("year", { onChange: rerun })}
            />
          </FormField>
        </div>

        <FormField label={t("deadlineForm.titleField")} error={errors.title?.message}>
          <Input
            autoComplete="off"
            placeholder={t("deadlineForm.titleHint")}
            {...register("title", { onChange: rerun })}
          />
        </FormField>

        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField label={t("deadlineForm.dueOn")} error={errors.dueOn?.message}>
            <DateInput {...register("dueOn", { onChange: rerun })} />
          </FormField>
          <FormField
            label={t("deadlineForm.remind")}
            error={errors.remind?.message}
            hint={
              remindOn
                ? t(
                    whose === household ? "deadlineForm.remindEveryone" : "deadlineForm.remindOne",
                    {
                      day: format.day(remindOn, true),
                    },
                  )
                : undefined
            }
          >
            <NativeSelect {...register("remind", { onChange: rerun })}>
              <option value={noReminder}>{t("deadlineForm.noReminder")}</option>
              {choices.map((days) => (
                <option key={days} value={String(days)}>
                  {days === 0
                    ? t("deadlineForm.onTheDay")
                    : t("deadlineForm.daysBefore", { count: days })}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </div>

        <WhoseSelect
          account={account}
          label={t("deadlineForm.whose")}
          error={errors.whose?.message}
          householdLabel={t("whose.everyone")}
          current={editing?.memberId ?? null}
          {...register("whose", { onChange: rerun })}
        />

        {editing ? (
          <Segmented
            name={`${uid}-status`}
            legend={t("deadlineForm.status")}
            showLegend
            value={status}
            options={(["open", "done"] as const).map((value) => ({
              value,
              label: format.labels.deadlineStatus[value],
            }))}
            onChange={(value) => {
              setValue("status", value);
              rerun();
            }}
          />
        ) : null}

        <FormDialogFooter
          cancelLabel={t("cancel")}
          onCancel={onClose}
          pending={isSubmitting || create.isPending || update.isPending}
        >
          {editing ? t("deadlineForm.save") : t("deadlineForm.add")}
        </FormDialogFooter>
      </form>
    </FormDialog>
  );
}
