import { useTranslation } from "react-i18next";
import {
  Area,
  AreaChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { ChartCard, ChartImage, DataTable } from "#client/features/dashboard/chart-card.tsx";
import type { SavingsHistory } from "#shared/schemas/savings.schema.ts";
import { useSavingsFormat } from "./savings-format.ts";

/** Accounts' colours, in list order (cycling), distinct from each other in both themes. */
const accountFills = [
  "oklch(0.696 0.17 162.5)",
  "oklch(0.623 0.214 259.8)",
  "oklch(0.769 0.188 70.1)",
  "oklch(0.606 0.25 292.7)",
  "oklch(0.715 0.143 215.2)",
  "oklch(0.645 0.246 16.4)",
  "oklch(0.768 0.233 130.9)",
  "oklch(0.656 0.241 354.3)",
];

export function accountFill(index: number): string {
  return accountFills[index % accountFills.length] ?? "var(--primary)";
}

export const tooltipStyle = {
  background: "var(--popover)",
  color: "var(--popover-foreground)",
  border: "1px solid var(--border)",
  borderRadius: 8,
  fontSize: 12,
};

/**
 * Month-end balances of the scope's part of each account, stacked, over the months the
 * history covers; or the same as a table. `fillOf` gives an account the colour of its row.
 */
export function HistoryCard({
  history,
  fillOf,
}: {
  history: SavingsHistory;
  fillOf: (accountId: string) => string;
}) {
  const { t } = useTranslation("savings");
  const format = useSavingsFormat();
  const title = t("history.title", { count: history.months.length });
  const accounts = history.accounts.filter((account) => account.balances.some((b) => b !== 0));
  const totalAt = (index: number) =>
    accounts.reduce((sum, account) => sum + (account.balances[index] ?? 0), 0);
  const label = (month: string, index: number) =>
    index === 0 || month.endsWith("-01")
      ? `${format.shortMonth(month)} ’${month.slice(2, 4)}`
      : format.shortMonth(month);
  const data = history.months.map((month, index) => ({
    month,
    label: label(month, index),
    ...Object.fromEntries(
      accounts.map((account) => [account.id, (account.balances[index] ?? 0) / 100]),
    ),
  }));
  const last = history.months.length - 1;
  const first = history.months[0];
  const final = history.months[last];
  const summary =
    first && final
      ? t("history.summary", {
          title,
          from: format.money(totalAt(0)),
          fromMonth: format.month(first),
          to: format.money(totalAt(last)),
          toMonth: format.month(final),
          parts: accounts
            .map((account) => `${account.name} ${format.money(account.balances[last] ?? 0)}`)
            .join(", "),
        })
      : title;
  const tick = { fill: "var(--muted-foreground)", fontSize: 12 };
  const nameOf = new Map(accounts.map((account) => [account.id, account.name]));

  return (
    <ChartCard
      title={title}
      description={
        <span className="flex flex-wrap gap-x-4 gap-y-1">
          {accounts.map((account) => (
            <span key={account.id} className="inline-flex items-center gap-1.5">
              <span
                className="size-2.5 rounded-sm"
                style={{ backgroundColor: fillOf(account.id) }}
                aria-hidden="true"
              />
              {account.name}
            </span>
          ))}
        </span>
      }
      testId="savings-history"
      chart={
        <ChartImage label={summary} className="h-64 w-full">
          <ResponsiveContainer width="100%" height="100%">
            <AreaChart data={data} accessibilityLayer={false} margin={{ left: -8, right: 8 }}>
              <CartesianGrid vertical={false} stroke="var(--border)" />
              <XAxis
                dataKey="label"
                tick={tick}
                tickLine={false}
                axisLine={false}
                minTickGap={12}
              />
              <YAxis
                tick={tick}
                tickLine={false}
                axisLine={false}
                width={60}
                tickFormatter={(value: number) => format.compactMoney(value)}
              />
              <Tooltip
                contentStyle={tooltipStyle}
                labelFormatter={(_label, payload) => {
                  const month = (payload[0]?.payload as { month?: string } | undefined)?.month;
                  return month ? format.month(month) : "";
                }}
                formatter={(value, name) => [
                  format.money(Math.round(Number(value) * 100)),
                  nameOf.get(String(name)) ?? String(name),
                ]}
              />
              {accounts.map((account) => (
                <Area
                  key={account.id}
                  type="monotone"
                  dataKey={account.id}
                  name={account.id}
                  stackId="balance"
                  stroke={fillOf(account.id)}
                  fill={fillOf(account.id)}
                  fillOpacity={0.35}
                  strokeWidth={2}
                  isAnimationActive={false}
                />
              ))}
            </AreaChart>
          </ResponsiveContainer>
        </ChartImage>
      }
      table={
        <DataTable
          caption={title}
          head={[
            t("history.month"),
            ...accounts.map((account) => account.name),
            t("history.total"),
          ]}
        >
          {history.months.map((month, index) => (
            <tr key={month}>
              <td className="whitespace-nowrap">{format.month(month)}</td>
              {accounts.map((account) => (
                <td key={account.id} className="whitespace-nowrap">
                  {format.money(account.balances[index] ?? 0)}
                </td>
              ))}
              <td className="whitespace-nowrap font-medium">{format.money(totalAt(index))}</td>
            </tr>
          ))}
        </DataTable>
      }
    />
  );
}
