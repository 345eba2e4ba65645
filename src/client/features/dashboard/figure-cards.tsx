import { ArrowDownRightIcon, ArrowUpRightIcon, MinusIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useMoneyFormat } from "#client/features/income-spending/money-format.ts";
import { cn } from "#client/lib/cn.ts";
import type { Dashboard } from "#shared/schemas/dashboard.schema.ts";
import { comparisonOf, entriesLink, periodLength, type Period } from "./period.ts";

type FigureKey = "income" | "spending" | "net" | "savingsRate";

const linkClass =
  "rounded-sm hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none";

/**
 * The period's income, spending, net and savings rate, each a link to the entries behind it,
 * with the change against the period of the same length before (whose figure links too). While
 * the period runs, the figures are up to today and the period before is its same days (the
 * server's `compared` and `previous`). No percentage against too little (decision 029): it says so.
 */
export function FigureCards({
  board,
  member,
}: {
  board: Dashboard;
  /** The member whose figures these are, or null for the household. */
  member: string | null;
}) {
  const { t } = useTranslation("dashboard");
  const format = useMoneyFormat();
  const { current, previous } = board.figures;

  const link = (period: Period, kind?: "income" | "expense") =>
    entriesLink({ ...period, member, ...(kind ? { kind } : {}) });
  const rate = (bp: number | null) => (bp === null ? "—" : format.percent(bp));
  const before = t("overview.range", {
    from: format.day(board.previous.from),
    to: format.day(board.previous.to),
  });
  const tooLittle = t(`overview.tooLittle.${periodLength(board.period)}`);

  const figures: {
    key: FigureKey;
    value: string;
    previousValue: string;
    href: string;
    previousHref: string;
    /** The change as a percentage ("+12.3%"), or in points for the savings rate. */
    change: string | null;
    /** Instead of a percentage: the period before had too little to compare with. */
    tooLittle: boolean;
    /** Whether the change is good news (income up, spending down), bad, or neither. */
    tone: "good" | "bad" | "neutral";
    direction: "up" | "down" | "flat";
  }[] = [];

  const moneyFigure = (
    key: "income" | "spending" | "net",
    now: number,
    before: number,
    kind: "income" | "expense" | undefined,
    upIsGood: boolean,
  ) => {
    const comparison = comparisonOf(now, before);
    const direction = now > before ? "up" : now < before ? "down" : "flat";
    // Net can change sign, where a percentage says nothing: its change is in money.
    const change =
      key === "net"
        ? format.signedMoney(now - before)
        : comparison.kind === "change"
          ? signed(format.percent(Math.abs(comparison.bp)), comparison.bp)
          : null;
    const tooLittle = key !== "net" && comparison.kind === "tooLittle";
    figures.push({
      key,
      value: format.money(now),
      previousValue: format.money(before),
      href: link(board.compared, kind),
      previousHref: link(board.previous, kind),
      change: direction === "flat" ? null : change,
      tooLittle,
      tone: direction === "flat" ? "neutral" : (direction === "up") === upIsGood ? "good" : "bad",
      direction,
    });
  };
  moneyFigure("income", current.incomeCents, previous.incomeCents, "income", true);
  moneyFigure("spending", current.expenseCents, previous.expenseCents, "expense", false);
  moneyFigure("net", current.netCents, previous.netCents, undefined, true);

  const points =
    current.savingsRateBp !== null && previous.savingsRateBp !== null
      ? current.savingsRateBp - previous.savingsRateBp
      : null;
  figures.push({
    key: "savingsRate",
    value: rate(current.savingsRateBp),
    previousValue: rate(previous.savingsRateBp),
    href: link(board.compared),
    previousHref: link(board.previous),
    tooLittle: false,
    change:
      points === null
        ? null
        : signed(
            t("overview.points", { points: format.number(Math.abs(points) / 100, 1) }),
            points,
          ),
    tone: points === null || points === 0 ? "neutral" : points > 0 ? "good" : "bad",
    direction: points === null || points === 0 ? "flat" : points > 0 ? "up" : "down",
  });

  return (
    <ul
      className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
      aria-label={t("overview.figures")}
    >
      {figures.map((figure) => {
        const Arrow =
          figure.direction === "up"
            ? ArrowUpRightIcon
            : figure.direction === "down"
              ? ArrowDownRightIcon
              : MinusIcon;
        return (
          <li
            key={figure.key}
            className="@container flex min-w-0 flex-col gap-2 rounded-xl border bg-card p-4 shadow-xs sm:p-5"
            data-testid={`figure-${figure.key}`}
          >
            <span className="text-sm text-muted-foreground">{t(`overview.${figure.key}`)}</span>
            <Link
              to={figure.href}
              className={cn(
                linkClass,
                // As large as fits the card: a million stays on one line on a phone.
                "self-start text-[min(1.5rem,11cqw)] leading-tight font-semibold tracking-tight whitespace-nowrap tabular-nums",
              )}
              data-testid={`figure-${figure.key}-value`}
            >
              {figure.value}
            </Link>
            <span className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs text-muted-foreground">
              {figure.change ? (
                <span
                  className={cn(
                    "inline-flex items-center gap-0.5 font-medium",
                    figure.tone === "good" && "text-success",
                    figure.tone === "bad" && "text-destructive",
                  )}
                >
                  <Arrow className="size-3.5" aria-hidden="true" />
                  {figure.change}
                </span>
              ) : figure.tooLittle ? (
                <span data-testid={`figure-${figure.key}-too-little`}>{tooLittle}</span>
              ) : null}
              <Link
                to={figure.previousHref}
                className={linkClass}
                data-testid={`figure-${figure.key}-previous`}
              >
                {t("overview.previous", { range: before, value: figure.previousValue })}
              </Link>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** A magnitude with the sign of `value` ("+12.3%", "−4.0%"). */
function signed(magnitude: string, value: number): string {
  return `${value > 0 ? "+" : value < 0 ? "−" : ""}${magnitude}`;
}
