import { useQuery } from "@tanstack/react-query";
import { CornerDownLeftIcon, LoaderCircleIcon, ZapIcon } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "#client/lib/toast.ts";
import { DateInput } from "#client/components/forms/date-input.tsx";
import { enterSaves } from "#client/components/forms/enter-saves.ts";
import { DashboardPage, PageHeader } from "#client/components/layout/dashboard-page.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { NativeSelect } from "#client/components/ui/select.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import {
  activeCategories,
  categoryMap,
  useCategories,
} from "#client/features/categories/categories.queries.ts";
import { CategoryBadge, CategoryIconTile } from "#client/features/categories/category-badge.tsx";
import { ApiError } from "#client/lib/api.ts";
import { cn } from "#client/lib/cn.ts";
import { useLanguage } from "#client/lib/use-language.ts";
import { today } from "#shared/dates.ts";
import { formatMoney } from "#shared/money.ts";
import {
  quickEntryInputSchema,
  type MerchantSuggestion,
} from "#shared/schemas/transactions.schema.ts";
import { amountFieldMessage, formMessage } from "#shared/amount-messages.ts";
import { useAmountHint } from "./amount-hint.ts";
import { amountForSchema } from "./amount-input.ts";
import { MerchantField } from "./merchant-field.tsx";
import { formatDate } from "./transaction-row.tsx";
import { transactionQueries, useQuickEntry } from "./transactions.queries.ts";

type Errors = Partial<Record<"amountCents" | "categoryId" | "occurredOn" | "merchant", string>>;

/**
 * /dashboard/snelle-transactie (administrators): amount, category, date, Enter. The form stays,
 * clears the amount and merchant, and puts the cursor back in the amount for the next one.
 */
export function QuickEntryPage() {
  const { t } = useTranslation("entries");
  const language = useLanguage();
  const uid = useId();
  const categories = useCategories();
  const recent = useQuery(transactionQueries.quick());
  const save = useQuickEntry();
  const amountRef = useRef<HTMLInputElement>(null);
  const [amount, setAmount] = useState("");
  const [categoryId, setCategoryId] = useState("");
  const [occurredOn, setOccurredOn] = useState(today());
  const [merchant, setMerchant] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const options = activeCategories(categories.data).sort((a, b) =>
    a.kind === b.kind ? 0 : a.kind === "expense" ? -1 : 1,
  );
  const expenses = options.filter((category) => category.kind === "expense");
  const incomes = options.filter((category) => category.kind === "income");
  const amountHint = useAmountHint(amount);
  const byId = categoryMap(categories.data);
  const selected = byId.get(categoryId);

  /** The category a picked merchant proposed (replaced by the next pick, never a chosen one). */
  const proposedCategory = useRef<string | null>(null);
  const proposeCategory = (suggestion: MerchantSuggestion) => {
    if (categoryId !== "" && categoryId !== proposedCategory.current) return;
    const category = options.find((item) => item.id === suggestion.categoryId);
    if (!category || category.id === categoryId) return;
    setCategoryId(category.id);
    proposedCategory.current = category.id;
  };

  const submit = async () => {
    const input = { amountCents: amountForSchema(amount), categoryId, occurredOn, merchant };
    const parsed = quickEntryInputSchema.safeParse(input);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]) as keyof Errors;
        next[key] ??=
          key === "amountCents" ? amountFieldMessage(issue.message, amount) : issue.message;
      }
      setErrors(next);
      if (next.amountCents) amountRef.current?.focus();
      return;
    }
    setErrors({});
    try {
      const entry = await save.mutateAsync(parsed.data);
      toast.success(t("quick.saved", { amount: formatMoney(entry.amountCents, language) }));
      setAmount("");
      setMerchant("");
      proposedCategory.current = null;
      amountRef.current?.focus();
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        setErrors(error.fields as Errors);
        return;
      }
      toast.error(t("toasts.saveFailed"), {
        description: error instanceof ApiError ? t(`common:errors.${error.code}`) : undefined,
      });
    }
  };

  const message = (key: keyof Errors) =>
    errors[key] ? (
      <p id={`${uid}-${key}-error`} className="text-sm text-destructive">
        {formMessage(errors[key], language)}
      </p>
    ) : null;
  const described = (key: keyof Errors) =>
    errors[key] ? { "aria-invalid": true as const, "aria-describedby": `${uid}-${key}-error` } : {};

  return (
    <DashboardPage>
      <PageHeader icon={ZapIcon} title={t("quick.title")} description={t("quick.description")} />
      <form
        noValidate
        className="grid gap-4 rounded-xl border bg-card p-4 shadow-xs sm:grid-cols-[1fr_1.4fr_1fr] sm:p-5"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        // Enter saves from the category's list too (the browser would open it).
        onKeyDown={enterSaves}
        aria-label={t("quick.title")}
      >
        <div className="grid content-start gap-2">
          <Label htmlFor={`${uid}-amount`}>{t("quick.amount")}</Label>
          <div className="relative">
            <span
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted-foreground"
            >
              €
            </span>
            <Input
              ref={amountRef}
              id={`${uid}-amount`}
              inputMode="decimal"
              autoComplete="off"
              autoFocus
              placeholder={language === "nl" ? "0,00" : "0.00"}
              className="h-11 pl-7 text-right text-lg font-semibold tabular-nums md:text-lg"
              value={amount}
              onChange={(event) => {
                setAmount(event.target.value);
                // A changed amount is checked again on Enter; meanwhile the hint says what it reads.
                if (errors.amountCents) setErrors(({ amountCents: _, ...rest }) => rest);
              }}
              {...described("amountCents")}
              aria-describedby={
                errors.amountCents
                  ? `${uid}-amountCents-error`
                  : amountHint
                    ? `${uid}-amount-hint`
                    : undefined
              }
            />
          </div>
          {!errors.amountCents && amountHint ? (
            <p id={`${uid}-amount-hint`} className="text-xs text-muted-foreground">
              {amountHint}
            </p>
          ) : null}
          {message("amountCents")}
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={`${uid}-category`}>{t("quick.category")}</Label>
          <div className="flex items-center gap-2">
            <CategoryIconTile
              icon={selected?.icon ?? "tag"}
              color={selected?.color ?? "slate"}
              className="size-11"
            />
            <div className="min-w-0 flex-1">
              <NativeSelect
                id={`${uid}-category`}
                className="h-11"
                value={categoryId}
                onChange={(event) => setCategoryId(event.target.value)}
                {...described("categoryId")}
              >
                <option value="">{t("form.chooseCategory")}</option>
                <optgroup label={t("kinds.expense")}>
                  {expenses.map((category) => (
                    <option key={category.id} value={category.id}>
                      {category.name}
                    </option>
                  ))}
                </optgroup>
                <optgroup label={t("kinds.income")}>
                  {incomes.map((category) => (
                    <option key={category.id} value={category.id}>
                      {category.name}
                    </option>
                  ))}
                </optgroup>
              </NativeSelect>
            </div>
          </div>
          {message("categoryId")}
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor={`${uid}-date`}>{t("quick.date")}</Label>
          <DateInput
            id={`${uid}-date`}
            className="h-11"
            value={occurredOn}
            onChange={(event) => setOccurredOn(event.target.value)}
            {...described("occurredOn")}
          />
          {message("occurredOn")}
        </div>
        <div className="grid content-start gap-2 sm:col-span-2">
          <Label htmlFor={`${uid}-merchant`}>{t("quick.merchant")}</Label>
          <MerchantField
            id={`${uid}-merchant`}
            className="h-11"
            value={merchant}
            onChange={setMerchant}
            onPick={proposeCategory}
            kind={selected?.kind ?? "expense"}
            categories={options}
            {...described("merchant")}
          />
          {message("merchant")}
        </div>
        <div className="flex items-end">
          <Button
            type="submit"
            className="h-11 w-full"
            disabled={save.isPending}
            aria-busy={save.isPending}
            aria-keyshortcuts="Enter"
          >
            {save.isPending ? (
              <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
            ) : (
              <CornerDownLeftIcon aria-hidden="true" />
            )}
            {t("quick.save")}
          </Button>
        </div>
      </form>

      <section aria-labelledby={`${uid}-recent`} className="grid gap-3">
        <h2 id={`${uid}-recent`} className="text-lg font-semibold">
          {t("quick.recent")}
        </h2>
        {recent.isPending ? (
          <div className="grid gap-2" aria-busy="true">
            <Skeleton className="h-12" />
            <Skeleton className="h-12" />
          </div>
        ) : (recent.data ?? []).length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("quick.none")}</p>
        ) : (
          <ul className="divide-y rounded-xl border bg-card" data-testid="quick-recent">
            {(recent.data ?? []).map((entry) => {
              const category = entry.categoryId ? byId.get(entry.categoryId) : undefined;
              return (
                <li key={entry.id} className="flex items-center gap-3 px-4 py-2.5">
                  <CategoryBadge category={category} size="md" className="min-w-0 flex-1 text-sm" />
                  <span className="hidden text-xs text-muted-foreground sm:inline">
                    {entry.merchant}
                  </span>
                  <span className="text-xs text-muted-foreground tabular-nums">
                    {formatDate(entry.occurredOn, language)}
                  </span>
                  <span
                    className={cn(
                      "w-24 text-right text-sm font-semibold tabular-nums",
                      entry.kind === "income" && "text-emerald-700 dark:text-emerald-400",
                    )}
                  >
                    {formatMoney(entry.amountCents, language)}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </DashboardPage>
  );
}
