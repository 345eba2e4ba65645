import { useId, useState } from "react";
import { useForm, useWatch, type Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DateInput } from "#client/components/forms/date-input.tsx";
import { toast } from "#client/lib/toast.ts";
import { FieldError, FormField, FormFieldset } from "#client/components/forms/form-field.tsx";
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
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import type { Account } from "#client/features/account/account.queries.ts";
import type { HouseholdMemberRow } from "#client/features/households/households.queries.ts";
import { errorText } from "#client/features/income-spending/money-format.ts";
import { amountForSchema, formatCentsInput } from "#client/features/transactions/amount-input.ts";
import { cn } from "#client/lib/cn.ts";
import { useLanguage } from "#client/lib/use-language.ts";
import { today } from "#shared/dates.ts";
import type { Language } from "#shared/i18n.ts";
import { addMonthsToDate, emergencyTarget } from "#shared/savings-math.ts";
import {
  goalInputSchema,
  type AccountSummary,
  type Goal,
  type GoalInput,
  type GoalKind,
} from "#shared/schemas/savings.schema.ts";
import { useSavingsFormat } from "./savings-format.ts";
import { useCreateGoal, useEmergencySuggestion, useUpdateGoal } from "./savings.queries.ts";
import { usePeople } from "./use-people.ts";

export const emergencyMonthChoices = [3, 4, 5, 6] as const;

type GoalFormValues = {
  name: string;
  target: string;
  targetDate: string;
  accountIds: string[];
  planned: string;
  emergencyMonths: string;
  contributions: { memberId: string; value: string }[];
};

const fieldOfPath: Record<string, Path<GoalFormValues>> = {
  name: "name",
  kind: "name",
  targetCents: "target",
  targetDate: "targetDate",
  accountIds: "accountIds",
  plannedMonthlyCents: "planned",
  emergencyMonths: "emergencyMonths",
  contributions: "contributions",
};
const fieldOf = (path: string): Path<GoalFormValues> =>
  fieldOfPath[path.split(".")[0] ?? ""] ?? "name";

/** A goal as the request that saves it unchanged (the what-if changes one or two fields). */
export function goalAsInput(goal: Goal): GoalInput {
  return {
    name: goal.name,
    kind: goal.kind,
    targetCents: goal.targetCents,
    targetDate: goal.targetDate,
    accountIds: goal.accountIds,
    plannedMonthlyCents: goal.plannedMonthlyCents,
    emergencyMonths: goal.emergencyMonths,
    contributions: goal.contributions,
  };
}

/** What the form's values ask for. An emergency fund from the suggestion computes its target. */
function goalInput(
  values: GoalFormValues,
  kind: GoalKind,
  averageMonthlyCents: number | null,
): GoalInput {
  const months = Number(values.emergencyMonths);
  return {
    name: values.name,
    kind,
    targetCents:
      kind === "emergency" && averageMonthlyCents !== null
        ? emergencyTarget(averageMonthlyCents, months)
        : (amountForSchema(values.target) as number),
    targetDate: values.targetDate,
    accountIds: values.accountIds,
    plannedMonthlyCents: values.planned.trim() === "" ? null : amountForSchema(values.planned),
    emergencyMonths: kind === "emergency" ? months : null,
    contributions: values.contributions
      .filter((row) => row.value.trim() !== "")
      .map((row) => ({
        memberId: row.memberId,
        monthlyCents: amountForSchema(row.value) as number,
      })),
  };
}

function defaultValues(
  goal: Goal | null,
  people: readonly HouseholdMemberRow[],
  accounts: readonly AccountSummary[],
  language: Language,
  name: string,
): GoalFormValues {
  const contribution = new Map(goal?.contributions.map((c) => [c.memberId, c.monthlyCents]));
  const firstOpen = accounts.find((item) => !item.closed);
  return {
    name: goal?.name ?? name,
    target: goal ? formatCentsInput(goal.targetCents, language) : "",
    targetDate: goal?.targetDate ?? addMonthsToDate(today(), 12),
    accountIds: goal?.accountIds ?? (firstOpen ? [firstOpen.id] : []),
    planned:
      goal?.plannedMonthlyCents != null ? formatCentsInput(goal.plannedMonthlyCents, language) : "",
    emergencyMonths: String(goal?.emergencyMonths ?? 3),
    contributions: people.map((person) => {
      const cents = contribution.get(person.id);
      return {
        memberId: person.id,
        value: cents === undefined ? "" : formatCentsInput(cents, language),
      };
    }),
  };
}

/** "New goal" or "Edit goal". */
export function GoalDialog({
  account,
  accounts,
  editing,
  onClose,
}: {
  account: Account;
  /** The household's accounts (a goal is the household's). */
  accounts: readonly AccountSummary[];
  editing: Goal | null;
  onClose: () => void;
}) {
  const { t } = useTranslation("savings");
  const { people, loading } = usePeople(account);
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="sm:max-w-lg" closeLabel={t("close")} data-testid="goal-dialog">
        <DialogHeader>
          <DialogTitle>{editing ? t("goalForm.editTitle") : t("goalForm.newTitle")}</DialogTitle>
          <DialogDescription>{t("goalForm.description")}</DialogDescription>
        </DialogHeader>
        {loading ? (
          <div className="grid gap-4" aria-busy="true">
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
            <Skeleton className="h-24" />
          </div>
        ) : (
          <GoalForm
            people={people}
            accounts={accounts}
            goal={editing}
            kind={editing?.kind ?? "custom"}
            averageMonthlyCents={null}
            onDone={onClose}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * "Emergency fund": the scope's average monthly spending, what 3 to 6 months of it are, and
 * a goal of that size.
 */
export function EmergencyDialog({
  account,
  accounts,
  memberId,
  onClose,
}: {
  account: Account;
  accounts: readonly AccountSummary[];
  memberId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation("savings");
  const format = useSavingsFormat();
  const { people, loading } = usePeople(account);
  const suggestion = useEmergencySuggestion(memberId, true);
  const average = suggestion.data?.averageMonthlyCents ?? 0;

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="sm:max-w-lg" closeLabel={t("close")} data-testid="emergency-dialog">
        <DialogHeader>
          <DialogTitle>{t("emergency.title")}</DialogTitle>
          <DialogDescription>{t("emergency.description")}</DialogDescription>
        </DialogHeader>
        {loading || suggestion.isPending ? (
          <div className="grid gap-4" aria-busy="true">
            <Skeleton className="h-12" />
            <Skeleton className="h-9" />
            <Skeleton className="h-24" />
          </div>
        ) : suggestion.isError ? (
          <p className="text-sm text-destructive" role="alert">
            {t("loadFailed")} {errorText(t, suggestion.error)}
          </p>
        ) : average <= 0 ? (
          <div className="grid gap-4">
            <p
              className="rounded-lg border border-dashed bg-muted/40 p-4 text-sm"
              data-testid="emergency-no-spending"
            >
              {t("emergency.noSpending")}
            </p>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                {t("close")}
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <>
            <p
              className="rounded-lg bg-muted/60 p-3 text-sm text-pretty"
              data-testid="emergency-suggestion"
            >
              {t("emergency.suggestion", {
                average: format.money(average),
                low: format.money(suggestion.data.lowCents),
                high: format.money(suggestion.data.highCents),
              })}
            </p>
            <GoalForm
              people={people}
              accounts={accounts}
              goal={null}
              kind="emergency"
              averageMonthlyCents={average}
              onDone={onClose}
            />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function GoalForm({
  people,
  accounts,
  goal,
  kind,
  averageMonthlyCents,
  onDone,
}: {
  people: readonly HouseholdMemberRow[];
  accounts: readonly AccountSummary[];
  goal: Goal | null;
  kind: GoalKind;
  /** For a new emergency fund: the spending its target is made of. */
  averageMonthlyCents: number | null;
  onDone: () => void;
}) {
  const { t } = useTranslation("savings");
  const language = useLanguage();
  const format = useSavingsFormat();
  const uid = useId();
  const create = useCreateGoal();
  const update = useUpdateGoal();
  const [resolver] = useState(() =>
    schemaResolver(
      goalInputSchema,
      (values: GoalFormValues) => goalInput(values, kind, averageMonthlyCents),
      fieldOf,
    ),
  );
  const form = useForm<GoalFormValues>({
    resolver,
    defaultValues: defaultValues(
      goal,
      people,
      accounts,
      language,
      kind === "emergency" ? t("emergency.defaultName") : "",
    ),
  });
  const {
    register,
    control,
    setValue,
    setError,
    handleSubmit,
    formState: { errors, isSubmitting, isSubmitted },
  } = form;
  const accountIds = useWatch({ control, name: "accountIds" });
  const months = Number(useWatch({ control, name: "emergencyMonths" }));
  const [showContributions, setShowContributions] = useState((goal?.contributions.length ?? 0) > 0);
  const contributionsOpen = showContributions || errors.contributions !== undefined;
  const rerun = () => {
    if (isSubmitted) void form.trigger();
  };
  const fromSuggestion = kind === "emergency" && averageMonthlyCents !== null;
  const choosable = accounts.filter((item) => !item.closed || accountIds.includes(item.id));

  const onSubmit = handleSubmit(async (values) => {
    const input = goalInput(values, kind, averageMonthlyCents);
    try {
      if (goal) {
        await update.mutateAsync({ id: goal.id, input });
        toast.success(t("goalForm.saved", { name: values.name.trim() }));
      } else {
        await create.mutateAsync(input);
        toast.success(t("goalForm.created", { name: values.name.trim() }));
      }
      onDone();
    } catch (error) {
      if (showServerErrors(error, setError, fieldOf)) return;
      toast.error(t("goalForm.failed"), { description: errorText(t, error) });
    }
  });
  const busy = isSubmitting || create.isPending || update.isPending;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid min-w-0 gap-4">
      <FormField label={t("goalForm.name")} error={errors.name?.message}>
        <Input
          autoComplete="off"
          autoFocus
          placeholder={t("goalForm.nameHint")}
          {...register("name", { onChange: rerun })}
        />
      </FormField>

      {kind === "emergency" ? (
        <FormFieldset legend={t("emergency.months")} error={errors.emergencyMonths?.message}>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            {emergencyMonthChoices.map((count) => (
              <label
                key={count}
                className={cn(
                  "flex cursor-pointer flex-col rounded-lg border px-3 py-2 text-sm transition-colors hover:bg-accent/50 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
                  months === count && "border-primary bg-primary/5",
                )}
              >
                <input
                  type="radio"
                  value={String(count)}
                  className="sr-only"
                  {...register("emergencyMonths", { onChange: rerun })}
                />
                <span className="font-medium">{t("emergency.monthsCount", { count })}</span>
                {averageMonthlyCents !== null ? (
                  <span className="text-xs text-muted-foreground tabular-nums">
                    {format.money(emergencyTarget(averageMonthlyCents, count))}
                  </span>
                ) : null}
              </label>
            ))}
          </div>
        </FormFieldset>
      ) : null}

      <div className="grid items-start gap-4 sm:grid-cols-2">
        {fromSuggestion ? (
          <div className="grid gap-2">
            <p className="text-sm font-medium">{t("goalForm.target")}</p>
            <p
              className="flex h-9 items-center text-lg font-semibold tabular-nums"
              data-testid="emergency-target"
            >
              {format.money(emergencyTarget(averageMonthlyCents, months))}
            </p>
            <FieldError message={errors.target?.message} />
          </div>
        ) : (
          <FormField label={t("goalForm.target")} error={errors.target?.message}>
            <MoneyInput {...register("target", { onChange: rerun })} />
          </FormField>
        )}
        <FormField label={t("goalForm.targetDate")} error={errors.targetDate?.message}>
          <DateInput {...register("targetDate", { onChange: rerun })} />
        </FormField>
      </div>

      <FormFieldset legend={t("goalForm.accounts")} error={errors.accountIds?.message}>
        <ul className="grid gap-1.5">
          {choosable.map((item) => (
            <li key={item.id}>
              <label className="flex items-center gap-2 rounded-md border px-3 py-2 text-sm hover:bg-accent/50">
                <input
                  type="checkbox"
                  className="size-4 shrink-0 accent-primary"
                  checked={accountIds.includes(item.id)}
                  onChange={(event) => {
                    setValue(
                      "accountIds",
                      event.target.checked
                        ? [...accountIds, item.id]
                        : accountIds.filter((id) => id !== item.id),
                    );
                    rerun();
                  }}
                />
                <span className="min-w-0 flex-1 break-words">{item.name}</span>
                <span className="text-xs text-muted-foreground tabular-nums">
                  {format.money(item.balanceCents)}
                </span>
              </label>
            </li>
          ))}
        </ul>
      </FormFieldset>

      <FormField
        label={t("goalForm.planned")}
        hint={t("goalForm.plannedHint")}
        error={errors.planned?.message}
      >
        <MoneyInput {...register("planned", { onChange: rerun })} />
      </FormField>

      {people.length > 0 ? (
        <div className="grid gap-3 rounded-lg border p-3">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="h-auto justify-start px-1 py-1.5 text-left whitespace-normal"
            aria-expanded={contributionsOpen}
            aria-controls={`${uid}-contributions`}
            onClick={() => setShowContributions((value) => !value)}
          >
            {contributionsOpen ? "−" : "+"} {t("goalForm.contributions")}
          </Button>
          {contributionsOpen ? (
            <fieldset id={`${uid}-contributions`} className="grid gap-2">
              <legend className="sr-only">{t("goalForm.contributions")}</legend>
              <p className="text-xs text-muted-foreground">{t("goalForm.contributionsHint")}</p>
              {people.map((person, index) => (
                <div key={person.id} className="flex items-center gap-3">
                  <Label htmlFor={`${uid}-c-${index}`} className="min-w-0 flex-1 font-normal">
                    {person.name}
                  </Label>
                  <div className="w-36 shrink-0">
                    <MoneyInput
                      id={`${uid}-c-${index}`}
                      {...register(`contributions.${index}.value`, { onChange: rerun })}
                    />
                  </div>
                </div>
              ))}
              <FieldError
                id={`${uid}-contributions-error`}
                message={errors.contributions?.message}
              />
            </fieldset>
          ) : null}
        </div>
      ) : null}

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t("cancel")}
        </Button>
        <SubmitButton pending={busy}>
          {goal ? t("goalForm.save") : t("goalForm.create")}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
