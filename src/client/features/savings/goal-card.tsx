import { FlaskConicalIcon, PencilIcon, ShieldIcon, Trash2Icon } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { DateInput } from "#client/components/forms/date-input.tsx";
import { toast } from "#client/lib/toast.ts";
import { MoneyInput } from "#client/components/forms/number-inputs.tsx";
import { Segmented } from "#client/components/forms/segmented.tsx";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { currentMonth, errorText } from "#client/features/income-spending/money-format.ts";
import { formatCentsInput } from "#client/features/transactions/amount-input.ts";
import { cn } from "#client/lib/cn.ts";
import { addDays, isDateInRange, isIsoDate, today } from "#shared/dates.ts";
import { parseMoney } from "#shared/money.ts";
import type { Goal, GoalStatus } from "#shared/schemas/savings.schema.ts";
import { maxAmountCents } from "#shared/schemas/transactions.schema.ts";
import { goalAsInput } from "./goal-dialog.tsx";
import { ProjectionChart } from "./projection-chart.tsx";
import { useSavingsFormat, type NameOf } from "./savings-format.ts";
import { useUpdateGoal } from "./savings.queries.ts";
import { neededBy, projectionHorizon, reachWith } from "./what-if.ts";

const statusClasses: Record<GoalStatus, string> = {
  reached:
    "border-emerald-300/70 bg-emerald-50 text-emerald-900 dark:border-emerald-400/30 dark:bg-emerald-400/10 dark:text-emerald-200",
  ahead:
    "border-sky-300/70 bg-sky-50 text-sky-900 dark:border-sky-400/30 dark:bg-sky-400/10 dark:text-sky-200",
  "on-track":
    "border-teal-300/70 bg-teal-50 text-teal-900 dark:border-teal-400/30 dark:bg-teal-400/10 dark:text-teal-200",
  behind:
    "border-amber-300/70 bg-amber-50 text-amber-900 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-200",
};

const barClasses: Record<GoalStatus, string> = {
  reached: "bg-emerald-500 dark:bg-emerald-400",
  ahead: "bg-sky-500 dark:bg-sky-400",
  "on-track": "bg-teal-500 dark:bg-teal-400",
  behind: "bg-amber-500 dark:bg-amber-400",
};

export function GoalStatusBadge({ status }: { status: GoalStatus }) {
  const { t } = useTranslation("savings");
  return (
    <Badge
      variant="outline"
      className={statusClasses[status]}
      data-testid="goal-status"
      data-status={status}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}

/**
 * A goal: target and date, the accounts it draws on, saved so far, what it needs a month and
 * the pace it has, its status, a projection, and a what-if that moves the reach date with the
 * monthly amount, or the monthly amount with the date, live, before saving it as the plan.
 */
export function GoalCard({
  goal,
  accountName,
  nameOf,
  onEdit,
  onDelete,
}: {
  goal: Goal;
  accountName: (id: string) => string;
  nameOf: NameOf;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation("savings");
  const format = useSavingsFormat();
  const uid = useId();
  const update = useUpdateGoal();
  const day = today();
  const [whatIf, setWhatIf] = useState<{
    mode: "amount" | "date";
    amount: string;
    date: string;
  } | null>(null);

  const percent =
    goal.targetCents > 0
      ? Math.max(0, Math.min(100, Math.floor((goal.savedCents * 100) / goal.targetCents)))
      : 0;
  const contributed = goal.contributions.reduce((sum, c) => sum + c.monthlyCents, 0);
  const reached = goal.status === "reached";

  // The what-if's figures, live; invalid input leaves the goal's own.
  const typed = whatIf ? parseMoney(whatIf.amount) : null;
  const amountValid = typed !== null && typed >= 0 && typed <= maxAmountCents;
  const dateValid =
    whatIf !== null && isIsoDate(whatIf.date) && isDateInRange(whatIf.date) && whatIf.date > day;
  const planMonthly =
    whatIf?.mode === "amount" && amountValid && typed !== null ? typed : goal.paceMonthlyCents;
  const neededDate = whatIf?.mode === "date" && dateValid ? whatIf.date : goal.targetDate;
  const needed = neededBy(goal, neededDate, day);
  const reach = reachWith(goal, planMonthly, day);
  const horizon = projectionHorizon(needed.months, reach.months);
  const changed =
    whatIf?.mode === "amount"
      ? amountValid && typed !== goal.plannedMonthlyCents
      : whatIf?.mode === "date"
        ? dateValid && whatIf.date !== goal.targetDate
        : false;

  const openWhatIf = () =>
    setWhatIf({
      mode: "amount",
      amount: formatCentsInput(goal.paceMonthlyCents, format.language),
      date: goal.targetDate,
    });

  const saveAsPlan = () => {
    if (!whatIf || !changed) return;
    const input =
      whatIf.mode === "amount"
        ? { ...goalAsInput(goal), plannedMonthlyCents: planMonthly }
        : {
            ...goalAsInput(goal),
            targetDate: whatIf.date,
            plannedMonthlyCents: needed.monthlyCents,
          };
    update.mutate(
      { id: goal.id, input },
      {
        onSuccess: () => {
          toast.success(t("whatIf.saved", { name: goal.name }));
          setWhatIf(null);
        },
        onError: (error) => toast.error(t("whatIf.failed"), { description: errorText(t, error) }),
      },
    );
  };

  const pace =
    goal.plannedMonthlyCents !== null
      ? t("goal.pacePlanned", { amount: format.money(goal.plannedMonthlyCents) })
      : contributed > 0
        ? t("goal.paceContributions", {
            amount: format.money(contributed),
            list: goal.contributions
              .filter((c) => c.monthlyCents > 0)
              .map((c) => `${nameOf(c.memberId)} ${format.money(c.monthlyCents)}`)
              .join(" · "),
          })
        : t("goal.paceNone", { amount: format.money(goal.paceMonthlyCents) });

  return (
    <li
      className="grid min-w-0 gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-6"
      data-testid="goal-card"
      data-goal-id={goal.id}
      aria-labelledby={`${uid}-name`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 space-y-1">
          <h3
            id={`${uid}-name`}
            className="flex flex-wrap items-center gap-2 text-lg font-semibold"
          >
            {goal.kind === "emergency" ? (
              <ShieldIcon className="size-4 text-primary" aria-hidden="true" />
            ) : null}
            <span className="min-w-0 break-words">{goal.name}</span>
            <GoalStatusBadge status={goal.status} />
          </h3>
          <p className="text-sm text-muted-foreground">
            {t("goal.targetBy", {
              amount: format.money(goal.targetCents),
              date: format.day(goal.targetDate, true),
            })}
            {goal.kind === "emergency" && goal.emergencyMonths
              ? ` · ${t("goal.emergencyMonths", { count: goal.emergencyMonths })}`
              : ""}
          </p>
          <p className="text-sm text-muted-foreground">
            {t("goal.accounts", {
              list: goal.accountIds.map(accountName).join(", "),
              count: goal.accountIds.length,
            })}
          </p>
        </div>
        <div className="flex shrink-0 items-center">
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={t("goal.editNamed", { name: goal.name })}
            onClick={onEdit}
          >
            <PencilIcon aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="size-8 text-muted-foreground hover:text-destructive"
            aria-label={t("goal.deleteNamed", { name: goal.name })}
            onClick={onDelete}
          >
            <Trash2Icon aria-hidden="true" />
          </Button>
        </div>
      </div>

      <div className="grid gap-2">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
          <p>
            <span className="text-base font-semibold tabular-nums" data-testid="goal-saved">
              {format.money(goal.savedCents)}
            </span>
            <span className="text-muted-foreground">
              {" "}
              {t("goal.of", { amount: format.money(goal.targetCents) })}
            </span>
          </p>
          <p className="text-muted-foreground tabular-nums">{t("goal.percent", { percent })}</p>
        </div>
        <div
          className="h-2.5 overflow-hidden rounded-full bg-muted"
          role="progressbar"
          aria-label={t("goal.progressLabel", { name: goal.name })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={t("goal.progressText", {
            saved: format.money(goal.savedCents),
            target: format.money(goal.targetCents),
          })}
        >
          <div
            className={cn("h-full rounded-full transition-[width]", barClasses[goal.status])}
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>

      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div className="space-y-0.5">
          <dt className="text-muted-foreground">{t("goal.neededLabel")}</dt>
          <dd className="font-medium" data-testid="goal-needed">
            {reached
              ? t("goal.nothingNeeded")
              : goal.months > 0
                ? t("goal.needed", { amount: format.money(goal.neededMonthlyCents) })
                : t("goal.datePassed", { amount: format.money(goal.neededMonthlyCents) })}
          </dd>
        </div>
        <div className="space-y-0.5">
          <dt className="text-muted-foreground">{t("goal.paceLabel")}</dt>
          <dd className="font-medium" data-testid="goal-pace">
            {pace}
          </dd>
        </div>
        <div className="space-y-0.5">
          <dt className="text-muted-foreground">{t("goal.reachLabel")}</dt>
          <dd className="font-medium" data-testid="goal-reach">
            {reached
              ? t("goal.reachedNow")
              : goal.reachDate
                ? t("goal.reachedIn", { month: format.monthOf(goal.reachDate) })
                : t("goal.notReached")}
          </dd>
        </div>
      </dl>

      {reached ? null : (
        <ProjectionChart
          goalName={goal.name}
          startCents={Math.max(goal.savedCents, 0)}
          rateBp={goal.rateBp}
          targetCents={goal.targetCents}
          planMonthlyCents={planMonthly}
          neededMonthlyCents={needed.monthlyCents}
          dateMonths={needed.months}
          horizon={horizon}
          startMonth={currentMonth()}
        />
      )}

      {reached ? null : (
        <section
          className="grid gap-3 rounded-lg border border-dashed p-3 sm:p-4"
          aria-labelledby={`${uid}-what-if`}
          data-testid="what-if"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h4 id={`${uid}-what-if`} className="flex items-center gap-2 text-sm font-medium">
              <FlaskConicalIcon className="size-4 text-primary" aria-hidden="true" />
              {t("whatIf.title")}
            </h4>
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-expanded={whatIf !== null}
              aria-controls={`${uid}-what-if-body`}
              onClick={() => (whatIf ? setWhatIf(null) : openWhatIf())}
              data-testid="what-if-toggle"
            >
              {whatIf ? t("whatIf.close") : t("whatIf.open")}
            </Button>
          </div>
          {whatIf ? (
            <div id={`${uid}-what-if-body`} className="grid gap-3">
              <Segmented
                name={`${uid}-what-if-mode`}
                legend={t("whatIf.change")}
                value={whatIf.mode}
                options={[
                  { value: "amount", label: t("whatIf.byAmount") },
                  { value: "date", label: t("whatIf.byDate") },
                ]}
                onChange={(mode) => setWhatIf({ ...whatIf, mode })}
              />
              {whatIf.mode === "amount" ? (
                <div className="grid gap-2 sm:max-w-xs">
                  <Label htmlFor={`${uid}-what-if-amount`}>{t("whatIf.amount")}</Label>
                  <MoneyInput
                    id={`${uid}-what-if-amount`}
                    value={whatIf.amount}
                    aria-invalid={amountValid ? undefined : true}
                    aria-describedby={`${uid}-what-if-result`}
                    onChange={(event) => setWhatIf({ ...whatIf, amount: event.target.value })}
                    data-testid="what-if-amount"
                  />
                </div>
              ) : (
                <div className="grid gap-2 sm:max-w-xs">
                  <Label htmlFor={`${uid}-what-if-date`}>{t("whatIf.date")}</Label>
                  <DateInput
                    id={`${uid}-what-if-date`}
                    min={addDays(day, 1)}
                    value={whatIf.date}
                    aria-invalid={dateValid ? undefined : true}
                    aria-describedby={`${uid}-what-if-result`}
                    onChange={(event) => setWhatIf({ ...whatIf, date: event.target.value })}
                    data-testid="what-if-date"
                  />
                </div>
              )}
              <p
                id={`${uid}-what-if-result`}
                className="rounded-md bg-muted/60 px-3 py-2 text-sm font-medium"
                aria-live="polite"
                data-testid="what-if-result"
              >
                {whatIf.mode === "amount"
                  ? !amountValid
                    ? t("whatIf.amountInvalid")
                    : reach.date === null
                      ? t("whatIf.neverReached")
                      : t(
                          reach.monthsEarly === null || reach.monthsEarly === 0
                            ? "whatIf.reachOnTime"
                            : reach.monthsEarly > 0
                              ? "whatIf.reachEarly"
                              : "whatIf.reachLate",
                          {
                            month: format.monthOf(reach.date),
                            count: Math.abs(reach.monthsEarly ?? 0),
                          },
                        )
                  : !dateValid
                    ? t("whatIf.dateInvalid")
                    : t("whatIf.neededBy", {
                        amount: format.money(needed.monthlyCents),
                        month: format.monthOf(whatIf.date),
                      })}
              </p>
              <div className="flex flex-wrap gap-2">
                <Button
                  type="button"
                  size="sm"
                  disabled={!changed || update.isPending}
                  onClick={saveAsPlan}
                  data-testid="save-plan"
                >
                  {t("whatIf.save")}
                </Button>
                <Button type="button" size="sm" variant="ghost" onClick={openWhatIf}>
                  {t("whatIf.reset")}
                </Button>
              </div>
            </div>
          ) : null}
        </section>
      )}
    </li>
  );
}
