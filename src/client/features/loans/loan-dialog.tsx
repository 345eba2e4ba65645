import { PlusIcon, Trash2Icon } from "lucide-react";
import { useId } from "react";
import {
  useFieldArray,
  useForm,
  useWatch,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { DateInput } from "#client/components/forms/date-input.tsx";
import { toast } from "#client/lib/toast.ts";
import { CheckboxCard } from "#client/components/forms/checkbox-card.tsx";
import { FormDialog, FormDialogFooter } from "#client/components/forms/form-dialog.tsx";
import { FieldError, FormField } from "#client/components/forms/form-field.tsx";
import { MoneyInput, PercentInput } from "#client/components/forms/number-inputs.tsx";
import { RadioCards } from "#client/components/forms/radio-cards.tsx";
import { schemaResolver } from "#client/components/forms/schema-resolver.ts";
import { showServerErrors } from "#client/components/forms/server-errors.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { NativeSelect } from "#client/components/ui/select.tsx";
import type { Account } from "#client/features/account/account.queries.ts";
import type { HouseholdMemberRow } from "#client/features/households/households.queries.ts";
import { errorText } from "#client/features/income-spending/money-format.ts";
import { OwnerFields, ownerValues, scopeOwner } from "#client/features/savings/owner-fields.tsx";
import { usePeople } from "#client/features/savings/use-people.ts";
import { formatPercentInput, parsePercentBp } from "#client/features/transactions/amount-input.ts";
import { useLanguage } from "#client/lib/use-language.ts";
import {
  defaultPenaltyFreeBp,
  extraRepaymentEffects,
  loanSchedule,
  repaymentTypes,
} from "#shared/loan-math.ts";
import {
  createLoanSchema,
  loanKinds,
  loanPartInputSchema,
  maxLoanParts,
  updateLoanSchema,
  type LoanDetail,
  type LoanKind,
} from "#shared/schemas/loans.schema.ts";
import {
  createInput,
  fieldOf,
  newPart,
  partInput,
  partValues,
  updateInput,
  usualYears,
  type LoanFormValues,
  type PartValues,
} from "./loan-form-values.ts";
import { loanPath, useLoansFormat } from "./loans-format.ts";
import { useCreateLoan, useUpdateLoan } from "./loans.queries.ts";

const createResolver = schemaResolver(createLoanSchema, createInput, fieldOf);
const updateResolver = schemaResolver(updateLoanSchema, updateInput, fieldOf);

/** "New loan" or "Edit loan": the loan, its owner, and its parts as the bank wrote them. */
export function LoanDialog({
  account,
  editing,
  scopeMemberId = null,
  onClose,
}: {
  account: Account;
  /** The loan to edit (with its parts); null for a new one. */
  editing: LoanDetail | null;
  /** The scope picker's member: a new loan is theirs unless changed. */
  scopeMemberId?: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation("loans");
  const { people, loading } = usePeople(account);
  return (
    <FormDialog
      title={editing ? t("form.editTitle") : t("form.newTitle")}
      description={t("form.description")}
      closeLabel={t("close")}
      testId="loan-dialog"
      className="sm:max-w-2xl"
      loading={loading}
      onClose={onClose}
    >
      <LoanForm
        people={people}
        meId={account.member.id}
        editing={editing}
        scopeMemberId={scopeMemberId}
        onDone={onClose}
      />
    </FormDialog>
  );
}

function LoanForm({
  people,
  meId,
  editing,
  scopeMemberId,
  onDone,
}: {
  people: readonly HouseholdMemberRow[];
  meId: string;
  editing: LoanDetail | null;
  scopeMemberId: string | null;
  onDone: () => void;
}) {
  const { t } = useTranslation("loans");
  const language = useLanguage();
  const navigate = useNavigate();
  const uid = useId();
  const create = useCreateLoan();
  const update = useUpdateLoan();
  const form = useForm<LoanFormValues>({
    resolver: editing ? updateResolver : createResolver,
    defaultValues: {
      name: editing?.name ?? "",
      kind: editing?.kind ?? "mortgage",
      lender: editing?.lender ?? "",
      ...ownerValues(editing?.owner ?? scopeOwner(scopeMemberId), people, language, meId),
      ownHome: editing?.ownHome ?? false,
      extraEffect: editing?.extraEffect ?? "shorter-term",
      penaltyFree: formatPercentInput(editing?.penaltyFreeBp ?? defaultPenaltyFreeBp, language),
      parts: editing
        ? editing.parts.map((part) => partValues(part, language))
        : [newPart("mortgage")],
      partsCheck: "",
    },
  });
  const {
    control,
    register,
    setError,
    setValue,
    getFieldState,
    handleSubmit,
    formState: { errors, isSubmitting, isSubmitted },
  } = form;
  const parts = useFieldArray({ control, name: "parts" });
  const [kind, extraEffect] = useWatch({ control, name: ["kind", "extraEffect"] });
  const rerun = () => {
    if (isSubmitted) void form.trigger();
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (editing) {
        const input = updateLoanSchema.parse(updateInput(values));
        await update.mutateAsync({ id: editing.id, input });
        toast.success(t("form.saved", { name: values.name.trim() }));
        onDone();
      } else {
        const created = await create.mutateAsync(createLoanSchema.parse(createInput(values)));
        toast.success(t("form.created", { name: values.name.trim() }));
        onDone();
        void navigate(loanPath(created.id));
      }
    } catch (error) {
      if (showServerErrors(error, setError, fieldOf)) return;
      toast.error(t("form.failed"), { description: errorText(t, error) });
    }
  });
  const busy = isSubmitting || create.isPending || update.isPending;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid min-w-0 gap-5">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label={t("form.name")} error={errors.name?.message} className="sm:col-span-2">
          <Input
            autoComplete="off"
            autoFocus
            placeholder={t("form.nameHint")}
            {...register("name", { onChange: rerun })}
          />
        </FormField>
        <FormField label={t("form.kind")} error={errors.kind?.message}>
          <NativeSelect
            {...register("kind", {
              onChange: (event: { target: { value: LoanKind } }) => {
                // A new loan's first part takes the kind's usual term until it is typed.
                if (!editing && !getFieldState("parts.0.termYears").isDirty) {
                  setValue("parts.0.termYears", String(usualYears[event.target.value]));
                }
                rerun();
              },
            })}
          >
            {loanKinds.map((value) => (
              <option key={value} value={value}>
                {t(`kinds.${value}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label={t("form.lender")} error={errors.lender?.message}>
          <Input
            autoComplete="off"
            placeholder={t("form.lenderHint")}
            {...register("lender", { onChange: rerun })}
          />
        </FormField>
      </div>

      {kind === "mortgage" ? (
        <div className="grid gap-1">
          <CheckboxCard
            label={t("ownHome.label")}
            description={t("ownHome.hint")}
            {...register("ownHome", { onChange: rerun })}
          />
          <FieldError message={errors.ownHome?.message} />
        </div>
      ) : null}

      <OwnerFields form={form} people={people} rerun={rerun} />

      <section aria-labelledby={`${uid}-parts`} className="grid min-w-0 gap-3">
        <div className="space-y-1">
          <h3 id={`${uid}-parts`} className="font-medium">
            {t("form.parts")}
          </h3>
          <p className="text-sm text-muted-foreground text-pretty">{t("form.partsHint")}</p>
        </div>
        {parts.fields.map((field, index) => (
          <PartFields
            key={field.id}
            form={form}
            index={index}
            count={parts.fields.length}
            rerun={rerun}
            onRemove={() => {
              parts.remove(index);
              rerun();
            }}
          />
        ))}
        <FieldError message={errors.partsCheck?.message} />
        {parts.fields.length < maxLoanParts ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() => parts.append(newPart(kind), { shouldFocus: false })}
          >
            <PlusIcon aria-hidden="true" />
            {t("form.addPart")}
          </Button>
        ) : null}
      </section>

      <div className="grid min-w-0 gap-4 rounded-lg border p-3">
        <RadioCards
          name={`${uid}-effect`}
          legend={t("form.extraEffect")}
          value={extraEffect}
          options={extraRepaymentEffects.map((value) => ({
            value,
            label: t(`effects.${value}.label`),
            description: t(`effects.${value}.description`),
          }))}
          onChange={(value) => setValue("extraEffect", value)}
        />
        <FormField
          label={t("form.penaltyFree")}
          hint={t("form.penaltyFreeHint")}
          error={errors.penaltyFree?.message}
          className="sm:max-w-[calc(50%-0.5rem)]"
        >
          <PercentInput {...register("penaltyFree", { onChange: rerun })} />
        </FormField>
      </div>

      <FormDialogFooter cancelLabel={t("cancel")} onCancel={onDone} pending={busy}>
        {editing ? t("form.save") : t("form.create")}
      </FormDialogFooter>
    </form>
  );
}

/** One loan part's fields in a box of its own, with what its first month comes to. */
function PartFields({
  form,
  index,
  count,
  rerun,
  onRemove,
}: {
  form: UseFormReturn<LoanFormValues>;
  index: number;
  count: number;
  rerun: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation("loans");
  const uid = useId();
  const {
    control,
    register,
    setValue,
    formState: { errors },
  } = form;
  const part = useWatch({ control, name: `parts.${index}` });
  const error = errors.parts?.[index];
  const number = index + 1;
  const termId = `${uid}-term`;
  const termError = error?.termYears?.message;

  return (
    <fieldset
      className="relative grid min-w-0 gap-4 rounded-lg border p-3 sm:p-4"
      data-testid="loan-part-fields"
    >
      <legend className="float-left h-8 leading-8 font-medium">
        {t("form.partLegend", { number })}
      </legend>
      {count > 1 ? (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="absolute top-3 right-3 text-muted-foreground hover:text-destructive sm:top-4 sm:right-4"
          onClick={onRemove}
          aria-label={t("form.removePartNamed", { number })}
        >
          <Trash2Icon aria-hidden="true" />
          <span className="max-sm:sr-only">{t("form.removePart")}</span>
        </Button>
      ) : null}
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label={t("form.partName")} error={error?.name?.message}>
          <Input
            autoComplete="off"
            placeholder={t("form.partNameHint")}
            {...register(`parts.${index}.name`, { onChange: rerun })}
          />
        </FormField>
        <FormField label={t("form.principal")} error={error?.principal?.message}>
          <MoneyInput {...register(`parts.${index}.principal`, { onChange: rerun })} />
        </FormField>
        <FormField
          label={t("form.startDate")}
          hint={t("form.startDateHint")}
          error={error?.startDate?.message}
        >
          <DateInput {...register(`parts.${index}.startDate`, { onChange: rerun })} />
        </FormField>
        <fieldset className="grid min-w-0 content-start gap-2" aria-describedby={termId}>
          <legend className="mb-2 text-sm font-medium">{t("form.term")}</legend>
          <div className="grid grid-cols-2 gap-2">
            <TermInput
              label={t("form.termYears")}
              invalid={Boolean(termError)}
              registration={register(`parts.${index}.termYears`, { onChange: rerun })}
            />
            <TermInput
              label={t("form.termMonths")}
              invalid={Boolean(termError)}
              registration={register(`parts.${index}.termMonths`, { onChange: rerun })}
            />
          </div>
          <FieldError id={termId} message={termError} />
        </fieldset>
      </div>

      <RadioCards
        name={`${uid}-type`}
        legend={t("form.repaymentType")}
        value={part.repaymentType}
        columns={3}
        options={repaymentTypes.map((value) => ({
          value,
          label: t(`types.${value}.label`),
          description: t(`types.${value}.description`),
        }))}
        onChange={(value) => {
          setValue(`parts.${index}.repaymentType`, value);
          rerun();
        }}
      />

      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField
          label={t("form.rate")}
          hint={<MonthlyRateHint rate={part.rate} />}
          error={error?.rate?.message}
        >
          <PercentInput {...register(`parts.${index}.rate`, { onChange: rerun })} />
        </FormField>
        <div className="grid grid-cols-2 items-start gap-2">
          <FormField label={t("form.fixedYears")} error={error?.fixedYears?.message}>
            <Input
              inputMode="decimal"
              autoComplete="off"
              className="text-right tabular-nums"
              {...register(`parts.${index}.fixedYears`, { onChange: rerun })}
            />
          </FormField>
          <FormField label={t("form.followingRate")} error={error?.followingRate?.message}>
            <PercentInput {...register(`parts.${index}.followingRate`, { onChange: rerun })} />
          </FormField>
        </div>
      </div>
      <p className="-mt-2 text-xs text-muted-foreground text-pretty">{t("form.fixedHint")}</p>

      <FirstPayment part={part} />
    </fieldset>
  );
}

function TermInput({
  label,
  invalid,
  registration,
}: {
  label: string;
  invalid: boolean;
  registration: UseFormRegisterReturn;
}) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </label>
      <Input
        id={id}
        inputMode="numeric"
        autoComplete="off"
        className="text-right tabular-nums"
        aria-invalid={invalid || undefined}
        {...registration}
      />
    </div>
  );
}

/** "0.3333% a month: the yearly rate ÷ 12, as Dutch lenders quote it." */
function MonthlyRateHint({ rate }: { rate: string }) {
  const { t } = useTranslation("loans");
  const format = useLoansFormat();
  const bp = rate.trim() === "" ? null : parsePercentBp(rate);
  return (
    <span data-testid="monthly-rate">
      {bp === null || bp < 0
        ? t("form.monthlyRateHint")
        : t("form.monthlyRate", { rate: format.monthlyRate(bp) })}
    </span>
  );
}

/** The part's first month as loan-math works it out, once its fields make a loan part. */
function FirstPayment({ part }: { part: PartValues }) {
  const { t } = useTranslation("loans");
  const format = useLoansFormat();
  const parsed = loanPartInputSchema.safeParse(partInput(part));
  if (!parsed.success) return null;
  const value = parsed.data;
  const schedule = loanSchedule({
    extraRepaymentEffect: "shorter-term",
    parts: [
      {
        principalCents: value.principalCents,
        startDate: value.startDate,
        termMonths: value.termMonths,
        repaymentType: value.repaymentType,
        annualRateBp: value.rateBp,
        fixedRateMonths: value.fixedMonths,
        rateAfterFixedBp: value.followingRateBp,
        extraRepayments: [],
      },
    ],
  });
  const first = schedule.parts[0]?.rows[0];
  if (!first) return null;
  return (
    <p
      className="rounded-md bg-muted/60 px-3 py-2 text-sm text-pretty"
      aria-live="polite"
      data-testid="first-payment"
    >
      {t("form.firstPayment", {
        date: format.day(first.dueDate, true),
        payment: format.money(first.paymentCents),
        interest: format.money(first.interestCents),
        repayment: format.money(first.repaymentCents),
      })}
    </p>
  );
}
