import { HandCoinsIcon, HeartPulseIcon, ShoppingBasketIcon, WalletIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Logo } from "#client/components/layout/logo.tsx";
import { cn } from "#client/lib/cn.ts";
import { budgetTones, memberColour } from "#client/lib/colours.ts";
import { currentLanguage } from "#client/lib/i18n.ts";
import { formatMoney, formatSignedMoney } from "#shared/money.ts";

/** Made-up figures of one November in a household of two, in cents. */
const income = 524_000;
const spending = 361_840;
const budgets = [
  { key: "groceries", spent: 61_240, budget: 70_000 },
  { key: "eatingOut", spent: 9_650, budget: 15_000 },
  { key: "kids", spent: 21_000, budget: 30_000 },
] as const;
const settleCents = 4_210;

/** Spending at or past this share of a budget shows a warning, in the real budgets' colours. */
const warnAt = 0.8;

/**
 * A picture of the dashboard drawn in markup: what a household sees after a month of entries.
 * Screen readers get one sentence that says what it shows.
 */
export function DashboardPreview({ className }: { className?: string }) {
  const { t } = useTranslation("landing");
  const language = currentLanguage();
  const money = (cents: number) => formatMoney(cents, language);
  const percent = (share: number) =>
    new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 0 }).format(share);
  const groceries = budgets[0];

  const recent = [
    {
      icon: ShoppingBasketIcon,
      name: "Albert Heijn",
      detail: `${t("preview.groceries")} · ${t("preview.split")}`,
      cents: -8_420,
    },
    { icon: WalletIcon, name: t("preview.salary"), detail: "Anna", cents: 312_000 },
    { icon: HeartPulseIcon, name: t("preview.healthInsurance"), detail: "Bram", cents: -14_850 },
  ];

  return (
    <div
      role="img"
      aria-label={t("preview.label", {
        income: money(income),
        spending: money(spending),
        rate: percent((income - spending) / income),
        groceries: percent(groceries.spent / groceries.budget),
      })}
      className={cn("relative", className)}
    >
      <div className="rounded-2xl border bg-card p-4 text-card-foreground shadow-xl shadow-primary/5 sm:p-5">
        <div className="flex items-center gap-3">
          <Logo withName={false} className="[&_svg]:size-6" />
          <div className="mr-auto leading-tight">
            <p className="text-sm font-semibold">{t("preview.title")}</p>
            <p className="text-xs text-muted-foreground">{t("preview.month")}</p>
          </div>
          <div className="flex items-center gap-2 rounded-full border bg-background py-1 pr-3 pl-1 text-xs font-medium">
            <span className="flex -space-x-1">
              {/* Anna and Bram in the colours the app gives a household's first two people. */}
              {["A", "B"].map((initial, place) => (
                <span
                  key={initial}
                  className="grid size-6 place-items-center rounded-full text-[0.625rem] ring-2 ring-background"
                  style={{
                    backgroundColor: memberColour(place).fill,
                    color: memberColour(place).ink,
                  }}
                >
                  {initial}
                </span>
              ))}
            </span>
            {t("preview.scope")}
          </div>
        </div>

        <div className="mt-4 grid grid-cols-3 gap-2 sm:gap-3">
          <Figure label={t("preview.income")} value={money(income)} tone="success" />
          <Figure label={t("preview.spending")} value={money(spending)} />
          <Figure label={t("preview.savingsRate")} value={percent((income - spending) / income)} />
        </div>

        <div className="mt-4 rounded-xl border p-3 sm:p-4">
          <p className="text-xs font-medium text-muted-foreground">{t("preview.budgets")}</p>
          <ul className="mt-3 space-y-3">
            {budgets.map((budget) => {
              const share = budget.spent / budget.budget;
              return (
                <li key={budget.key} className="space-y-1.5" data-testid="preview-budget">
                  <div className="flex items-baseline justify-between gap-2 text-xs">
                    <span className="font-medium">{t(`preview.${budget.key}`)}</span>
                    <span className="text-muted-foreground tabular-nums">
                      {t("preview.budgetOf", {
                        spent: money(budget.spent),
                        budget: money(budget.budget),
                      })}
                    </span>
                  </div>
                  <div className="h-2 overflow-hidden rounded-full bg-muted">
                    <div
                      data-testid="preview-budget-bar"
                      className={cn(
                        "h-full rounded-full",
                        budgetTones[share > 1 ? "over" : share >= warnAt ? "warning" : "ok"].bar,
                      )}
                      style={{ width: `${Math.min(share, 1) * 100}%` }}
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        </div>

        <div className="mt-4">
          <p className="text-xs font-medium text-muted-foreground">{t("preview.recent")}</p>
          <ul className="mt-2 divide-y">
            {recent.map((entry) => (
              <li key={entry.name} className="flex items-center gap-3 py-2">
                <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-accent text-accent-foreground">
                  <entry.icon className="size-4" aria-hidden="true" />
                </span>
                <span className="mr-auto min-w-0 leading-tight">
                  <span className="block truncate text-sm font-medium">{entry.name}</span>
                  <span className="block truncate text-xs text-muted-foreground">
                    {entry.detail}
                  </span>
                </span>
                <span
                  className={cn(
                    "text-sm font-semibold tabular-nums",
                    entry.cents > 0 ? "text-success" : "text-foreground",
                  )}
                >
                  {formatSignedMoney(entry.cents, language)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      </div>

      <div className="absolute -bottom-5 left-4 flex items-center gap-2 rounded-full border bg-background px-3 py-2 text-xs font-medium shadow-lg sm:-left-6">
        <HandCoinsIcon className="size-4 text-primary" aria-hidden="true" />
        {t("preview.settle", { amount: money(settleCents) })}
      </div>
    </div>
  );
}

function Figure({ label, value, tone }: { label: string; value: string; tone?: "success" }) {
  return (
    <div className="rounded-xl bg-muted/70 p-2.5 sm:p-3">
      <p className="text-[0.6875rem] text-muted-foreground sm:text-xs">{label}</p>
      <p
        className={cn(
          "mt-1 text-sm font-semibold tracking-tight tabular-nums sm:text-base",
          tone === "success" && "text-success",
        )}
      >
        {value}
      </p>
    </div>
  );
}
