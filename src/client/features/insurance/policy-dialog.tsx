import { useId } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DateInput } from "#client/components/forms/date-input.tsx";
import { toast } from "#client/lib/toast.ts";
import { FormDialog, FormDialogFooter } from "#client/components/forms/form-dialog.tsx";
import { FieldError, FormField } from "#client/components/forms/form-field.tsx";
import { MoneyInput } from "#client/components/forms/number-inputs.tsx";
import { schemaResolver } from "#client/components/forms/schema-resolver.ts";
import { Segmented } from "#client/components/forms/segmented.tsx";
import { showServerErrors } from "#client/components/forms/server-errors.ts";
import { Input } from "#client/components/ui/input.tsx";
import { NativeSelect } from "#client/components/ui/select.tsx";
import { Textarea } from "#client/components/ui/textarea.tsx";
import type { Account } from "#client/features/account/account.queries.ts";
import { errorText } from "#client/features/income-spending/money-format.ts";
import { usePeople } from "#client/features/savings/use-people.ts";
import { amountForSchema } from "#client/features/transactions/amount-input.ts";
import { addDays } from "#shared/dates.ts";
import { nextNoticeDeadline, premiumFigures, premiumFrequencies } from "#shared/insurance-math.ts";
import {
  createPolicySchema,
  maxVoluntaryDeductibleCents,
  voluntaryDeductibleStepCents,
  type InsuranceKind,
  type Policy,
} from "#shared/schemas/insurance.schema.ts";
import { kindGroups, today, useInsuranceFormat } from "./insurance-format.ts";
import { useCreatePolicy, useUpdatePolicy } from "./insurance.queries.ts";
import {
  fieldOf,
  noReminder,
  policyInput,
  policyValues,
  reminderChoices,
  type PolicyFormValues,
} from "./policy-form-values.ts";

const resolver = schemaResolver(createPolicySchema, policyInput, fieldOf);
const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The voluntary deductible's steps the law allows: € 100 up to € 500. */
const voluntarySteps = Array.from(
  { length: maxVoluntaryDeductibleCents / voluntaryDeductibleStepCents },
  (_, index) => (index + 1) * voluntaryDeductibleStepCents,
);

/**
 * "Add a policy" (of `kind`, chosen already when started from the empty list), or change one
 * (`editing`): the premium a year and a month and the notice deadline are shown as typed, worked
 * out by the same code as the server's.
 */
export function PolicyDialog({
  account,
  editing,
  kind,
  scopeMemberId,
  onClose,
}: {
  account: Account;
  editing: Policy | null;
  kind: InsuranceKind;
  scopeMemberId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation("insurance");
  const format = useInsuranceFormat();
  const uid = useId();
  const { people, nameOf, loading } = usePeople(account);
  const create = useCreatePolicy();
  const update = useUpdatePolicy();
  const defaultsFor = (of: InsuranceKind) =>
    policyValues({
      policy: editing,
      kind: of,
      people,
      language: format.language,
      scopeMemberId,
      meId: account.member.id,
      day: today(),
    });

  return (
    <FormDialog
      title={editing ? t("form.editTitle") : t("form.title")}
      description={t("form.description")}
      closeLabel={t("close")}
      testId="policy-dialog"
      className="sm:max-w-xl"
      loading={loading}
      onClose={onClose}
    >
      <PolicyForm
        key={uid}
        editing={editing}
        defaults={defaultsFor(kind)}
        defaultsFor={defaultsFor}
        nameOf={nameOf}
        pending={create.isPending || update.isPending}
        onClose={onClose}
        save={async (values) => {
          const input = policyInput(values);
          if (editing) await update.mutateAsync({ id: editing.id, input });
          else await create.mutateAsync(input);
        }}
      />
    </FormDialog>
  );
}

function PolicyForm({
  editing,
  defaults,
  defaultsFor,
  nameOf,
  pending,
  onClose,
  save,
}: {
  editing: Policy | null;
  defaults: PolicyFormValues;
  /** A new policy's values for another kind: who it covers and how often it is paid. */
  defaultsFor: (kind: InsuranceKind) => PolicyFormValues;
  nameOf: (memberId: string) => string;
  pending: boolean;
  onClose: () => void;
  save: (values: PolicyFormValues) => Promise<void>;
}) {
  const { t } = useTranslation("insurance");
  const format = useInsuranceFormat();
  const uid = useId();
  const form = useForm<PolicyFormValues>({ resolver, defaultValues: defaults });
  const {
    control,
    register,
    setValue,
    setError,
    handleSubmit,
    formState: { errors, isSubmitting, isSubmitted },
  } = form;
  const [kind, premium, frequency, renewalDate, noticeValue, noticeUnit, remind, insured, members] =
    useWatch({
      control,
      name: [
        "kind",
        "premium",
        "frequency",
        "renewalDate",
        "noticeValue",
        "noticeUnit",
        "remind",
        "insured",
        "members",
      ],
    });
  const rerun = () => {
    if (isSubmitted) void form.trigger();
  };
  // Until they are chosen by hand, a new policy's people and frequency follow its kind: health
  // insurance is a person's and paid monthly, liability the household's and paid yearly.
  const kindChanged = (event: { target: { value: string } }) => {
    if (!editing) {
      const next = defaultsFor(event.target.value as InsuranceKind);
      const chosen = (name: "insured" | "members" | "frequency") =>
        form.getFieldState(name).isDirty;
      if (!chosen("insured") && !chosen("members")) {
        setValue("insured", next.insured);
        setValue("members", next.members);
      }
      if (!chosen("frequency")) setValue("frequency", next.frequency);
    }
    rerun();
  };

  // The figures as typed: a year exactly, a month rounded, as the server will have them.
  const premiumCents = amountForSchema(premium);
  const figures =
    premiumCents !== undefined && Number.isFinite(premiumCents) && premiumCents >= 0
      ? premiumFigures(premiumCents, frequency)
      : null;
  const noticeNumber = /^\d+$/.test(noticeValue.trim()) ? Number(noticeValue.trim()) : null;
  const notice =
    isDate(renewalDate) && noticeNumber !== null && noticeNumber > 0
      ? nextNoticeDeadline(renewalDate, { value: noticeNumber, unit: noticeUnit }, today())
      : null;
  const remindOn =
    notice && remind !== noReminder ? addDays(notice.deadline, -Number(remind)) : null;
  const health = kind === "health-basic";

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save(values);
      const names = { kind: format.kind(values.kind), insurer: values.insurer.trim() };
      toast.success(editing ? t("form.saved", names) : t("form.added", names));
      onClose();
    } catch (error) {
      if (showServerErrors(error, setError, fieldOf)) return;
      toast.error(t("form.failed"), { description: errorText(t, error) });
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid min-w-0 gap-4">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label={t("form.kind")} error={errors.kind?.message}>
          <NativeSelect {...register("kind", { onChange: kindChanged })}>
            {kindGroups.map((group) => (
              <optgroup key={group.group} label={t(`kindGroups.${group.group}`)}>
                {group.kinds.map((value) => (
                  <option key={value} value={value}>
                    {format.kind(value)}
                  </option>
                ))}
              </optgroup>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label={t("form.insurer")} error={errors.insurer?.message}>
          <Input
            autoFocus
            autoComplete="off"
            placeholder={t("form.insurerHint")}
            {...register("insurer", { onChange: rerun })}
          />
        </FormField>
      </div>

      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 rounded-lg border p-3">
        <Segmented
          name={`${uid}-insured`}
          legend={t("form.insured")}
          showLegend
          value={insured}
          options={[
            { value: "household" as const, label: t("form.insuredHousehold") },
            { value: "members" as const, label: t("form.insuredMembers") },
          ]}
          onChange={(value) => {
            setValue("insured", value, { shouldDirty: true });
            rerun();
          }}
        />
        {insured === "household" ? (
          <p className="text-sm text-muted-foreground">{t("form.insuredHouseholdHint")}</p>
        ) : (
          <fieldset className="grid min-w-0 gap-2">
            <legend className="sr-only">{t("form.insuredMembersLegend")}</legend>
            <p className="text-sm text-muted-foreground">{t("form.sharesHint")}</p>
            <ul className="grid grid-cols-[minmax(0,1fr)] gap-2">
              {members.map((row, index) => {
                const name = nameOf(row.memberId);
                return (
                  <li key={row.memberId} className="flex min-w-0 items-center gap-2">
                    <label className="flex min-w-0 flex-1 items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        className="size-4 shrink-0 accent-primary"
                        {...register(`members.${index}.included`, { onChange: rerun })}
                      />
                      <span className="min-w-0 break-words">{name}</span>
                    </label>
                    {/* Only a ticked person has a part to type. */}
                    {row.included ? (
                      <div className="relative w-24 shrink-0">
                        <Input
                          inputMode="decimal"
                          autoComplete="off"
                          aria-label={t("form.shareOf", { name })}
                          className="pr-7 text-right tabular-nums"
                          {...register(`members.${index}.share`, { onChange: rerun })}
                        />
                        <span
                          aria-hidden="true"
                          className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-muted-foreground"
                        >
                          %
                        </span>
                      </div>
                    ) : (
                      <div className="h-9 w-24 shrink-0" />
                    )}
                  </li>
                );
              })}
            </ul>
          </fieldset>
        )}
        <FieldError id={`${uid}-insured-error`} message={errors.insured?.message} />
      </div>

      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField
          label={t("form.premium")}
          error={errors.premium?.message}
          hint={
            figures ? (
              <span data-testid="policy-figures">
                {t("form.figures", {
                  year: format.money(figures.yearCents),
                  month: format.money(figures.monthCents),
                })}
              </span>
            ) : undefined
          }
        >
          <MoneyInput {...register("premium", { onChange: rerun })} />
        </FormField>
        <FormField label={t("form.frequency")} error={errors.frequency?.message}>
          <NativeSelect {...register("frequency", { onChange: rerun })}>
            {premiumFrequencies.map((value) => (
              <option key={value} value={value}>
                {t(`frequency.${value}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>

      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField
          label={health ? t("form.deductibleHealth") : t("form.deductible")}
          error={errors.deductible?.message}
        >
          <MoneyInput {...register("deductible", { onChange: rerun })} />
        </FormField>
        {health ? (
          <FormField label={t("form.voluntary")} error={errors.voluntary?.message}>
            <NativeSelect {...register("voluntary", { onChange: rerun })}>
              <option value="">{t("form.voluntaryNone")}</option>
              {voluntarySteps.map((cents) => (
                <option key={cents} value={String(cents)}>
                  {format.money(cents)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        ) : null}
      </div>

      <FormField label={t("form.policyNumber")} error={errors.policyNumber?.message}>
        <Input autoComplete="off" {...register("policyNumber", { onChange: rerun })} />
      </FormField>

      <FormField
        label={t("form.coverageNotes")}
        error={errors.coverageNotes?.message}
        hint={t("form.coverageNotesHint")}
      >
        <Textarea rows={2} {...register("coverageNotes", { onChange: rerun })} />
      </FormField>

      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label={t("form.startDate")} error={errors.startDate?.message}>
          <DateInput {...register("startDate", { onChange: rerun })} />
        </FormField>
        <FormField
          label={t("form.renewalDate")}
          error={errors.renewalDate?.message}
          hint={t("form.renewalHint")}
        >
          <DateInput {...register("renewalDate", { onChange: rerun })} />
        </FormField>
      </div>

      <fieldset className="grid min-w-0 gap-2">
        <legend className="mb-2 text-sm font-medium">{t("form.noticePeriod")}</legend>
        <div className="flex gap-2">
          <Input
            inputMode="numeric"
            autoComplete="off"
            className="w-24 text-right tabular-nums"
            aria-label={t("form.noticeValue")}
            aria-invalid={errors.noticeValue ? true : undefined}
            aria-describedby={`${uid}-notice-hint ${uid}-notice-error`}
            {...register("noticeValue", { onChange: rerun })}
          />
          <NativeSelect
            className="w-36"
            aria-label={t("form.noticeUnit")}
            {...register("noticeUnit", { onChange: rerun })}
          >
            <option value="months">{t("form.months")}</option>
            <option value="days">{t("form.days")}</option>
          </NativeSelect>
        </div>
        <p
          id={`${uid}-notice-hint`}
          className="text-sm text-muted-foreground"
          aria-live="polite"
          data-testid="policy-notice-by"
        >
          {notice
            ? t("form.noticeBy", {
                day: format.day(notice.deadline, true),
                renewal: format.day(notice.renewalDate, true),
              })
            : null}
        </p>
        <FieldError id={`${uid}-notice-error`} message={errors.noticeValue?.message} />
      </fieldset>

      <FormField
        label={t("form.remind")}
        error={errors.remind?.message}
        hint={remindOn ? t("form.remindOn", { day: format.day(remindOn, true) }) : undefined}
      >
        <NativeSelect {...register("remind", { onChange: rerun })}>
          <option value={noReminder}>{t("form.noReminder")}</option>
          {reminderChoices.map((days) => (
            <option key={days} value={String(days)}>
              {days === 0 ? t("form.onTheDay") : t("form.daysBefore", { count: days })}
            </option>
          ))}
        </NativeSelect>
      </FormField>

      <FormDialogFooter
        cancelLabel={t("cancel")}
        onCancel={onClose}
        pending={isSubmitting || pending}
      >
        {editing ? t("form.save") : t("form.add")}
      </FormDialogFooter>
    </form>
  );
}
