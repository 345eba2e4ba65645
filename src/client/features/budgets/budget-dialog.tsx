import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "#client/lib/toast.ts";
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
import { CategoryBadge } from "#client/features/categories/category-badge.tsx";
import { useSetBudget } from "#client/features/income-spending/money.queries.ts";
import { errorText, useMoneyFormat } from "#client/features/income-spending/money-format.ts";
import { cn } from "#client/lib/cn.ts";
import { ambiguousAmountError, formMessage } from "#shared/amount-messages.ts";
import { parseMoney } from "#shared/money.ts";
import { maxAmountCents } from "#shared/schemas/transactions.schema.ts";
import { rolloverModes, type Budget, type RolloverMode } from "#shared/schemas/budgets.schema.ts";
import type { Category } from "#shared/schemas/categories.schema.ts";

/** Amount as the person types it in their language: 1234,50 or 1234.50 (no grouping). */
function typedAmount(cents: number, language: "en" | "nl"): string {
  const text = (cents / 100).toFixed(2);
  return language === "nl" ? text.replace(".", ",") : text;
}

/** Sets or changes one category's budget of the month, and what happens to what is left. */
export function BudgetDialog({
  category,
  budget,
  month,
  memberId,
  onClose,
}: {
  category: Category;
  budget: Budget | null;
  month: string;
  memberId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation("money");
  const format = useMoneyFormat();
  const id = useId();
  const set = useSetBudget();
  const [amount, setAmount] = useState(
    budget ? typedAmount(budget.amountCents, format.language) : "",
  );
  const [rollover, setRollover] = useState<RolloverMode>(budget?.rollover ?? "none");
  const [error, setError] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (amount.trim() === "") return setError(t("budgets.amountRequired"));
    const ambiguous = ambiguousAmountError(amount);
    if (ambiguous) return setError(formMessage(ambiguous, format.language));
    const cents = parseMoney(amount);
    if (cents === null || cents > maxAmountCents) return setError(t("budgets.amountInvalid"));
    if (cents < 0) return setError(t("budgets.amountNegative"));
    setError(null);
    set.mutate(
      { categoryId: category.id, memberId, month, amountCents: cents, rollover },
      {
        onSuccess: () => {
          toast.success(t("budgets.saved", { name: category.name }));
          onClose();
        },
        onError: (failure) => setError(errorText(t, failure)),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="sm:max-w-md" closeLabel={t("close")}>
        <form onSubmit={submit} className="grid gap-5" noValidate>
          <DialogHeader>
            <DialogTitle>{budget ? t("budgets.editTitle") : t("budgets.setTitle")}</DialogTitle>
            <DialogDescription className="flex flex-wrap items-center gap-2">
              <CategoryBadge category={category} className="font-medium text-foreground" />
              <span>· {format.month(month)}</span>
            </DialogDescription>
          </DialogHeader>

          <div className="grid gap-2">
            <Label htmlFor={`${id}-amount`}>{t("budgets.amount")}</Label>
            <div className="relative">
              <span
                className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground"
                aria-hidden="true"
              >
                €
              </span>
              <Input
                id={`${id}-amount`}
                inputMode="decimal"
                autoComplete="off"
                autoFocus
                className="pl-7 tabular-nums"
                placeholder={format.language === "nl" ? "250,00" : "250.00"}
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                aria-invalid={error !== null}
                aria-describedby={error ? `${id}-error` : undefined}
              />
            </div>
            {error ? (
              <p id={`${id}-error`} className="text-sm text-destructive" role="alert">
                {error}
              </p>
            ) : null}
          </div>

          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">{t("budgets.rolloverLegend")}</legend>
            {rolloverModes.map((mode) => (
              <label
                key={mode}
                className={cn(
                  "flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5 text-sm transition-colors hover:bg-accent/50",
                  rollover === mode && "border-primary bg-primary/5",
                )}
              >
                <input
                  type="radio"
                  name={`${id}-rollover`}
                  value={mode}
                  checked={rollover === mode}
                  onChange={() => setRollover(mode)}
                  className="mt-0.5 accent-primary"
                />
                <span className="grid gap-0.5">
                  <span className="font-medium">{t(`budgets.rolloverChoice.${mode}.label`)}</span>
                  <span className="text-xs text-muted-foreground">
                    {t(`budgets.rolloverChoice.${mode}.hint`)}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>

          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={set.isPending}>
              {t("cancel")}
            </Button>
            <Button type="submit" disabled={set.isPending}>
              {set.isPending ? t("saving") : t("budgets.save")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
