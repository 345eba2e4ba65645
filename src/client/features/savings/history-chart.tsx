import { useTranslation } from "react-i18next";
import { ChartCard, DataTable } from "#client/features/dashboard/chart-card.tsx";
import {
  ChartLegend,
  MonthChart,
  type MonthSeries,
} from "#client/features/dashboard/month-chart.tsx";
import type { SavingsHistory } from "#shared/schemas/savings.schema.ts";
import { useSavingsFormat } from "./savings-format.ts";

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
  const rows = history.months.map((month, index) => ({
    month,
    cents: Object.fromEntries(
      accounts.map((account) => [account.id, account.balances[index] ?? 0]),
    ),
  }));
  const series: MonthSeries[] = accounts.map((account) => ({
    key: account.id,
    name: account.name,
    color: fillOf(account.id),
    kind: "area",
    stacked: true,
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

  return (
    <ChartCard
      title={title}
      description={<ChartLegend items={series} />}
      testId="savings-history"
      chart={<MonthChart rows={rows} series={series} label={summary} className="h-64" />}
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
