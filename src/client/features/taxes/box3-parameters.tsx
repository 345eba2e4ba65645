import { ExternalLinkIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "#client/components/ui/badge.tsx";
import { cn } from "#client/lib/cn.ts";
import type { Box3EstimateAnswer } from "#shared/schemas/taxes.schema.ts";
import { useBox3Format } from "./box3-format.ts";
import { Box3Section, FigureList, FigureRow } from "./box3-parts.tsx";

const categories = ["bankBp", "otherBp", "debtsBp"] as const;

/**
 * The year's parameters: the allowance, the debt threshold, the rate, the provisional and
 * definitive percentages (which this estimate used), and where they come from.
 */
export function Box3Parameters({ data }: { data: Box3EstimateAnswer }) {
  const { t } = useTranslation("box3");
  const format = useBox3Format();
  const { parameters } = data;
  const definitive = parameters.definitive;
  const euros = (cents: number) => format.euros(Math.floor(cents / 100));
  const used = (basis: "provisional" | "definitive") =>
    data.basis === basis ? (
      <Badge variant="secondary" className="ml-1.5 align-middle">
        {t("parameters.used")}
      </Badge>
    ) : null;

  return (
    <Box3Section
      title={t("parameters.title", { year: data.year })}
      intro={t("parameters.intro")}
      testId="box3-parameters"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <FigureList>
          <FigureRow
            label={t("parameters.allowance")}
            hint={t("parameters.allowanceHint")}
            value={euros(parameters.allowanceCents)}
          />
          <FigureRow
            label={t("parameters.threshold")}
            hint={t("parameters.thresholdHint")}
            value={euros(parameters.debtThresholdCents)}
          />
          <FigureRow label={t("parameters.rate")} value={format.share(parameters.taxRateBp)} />
        </FigureList>
        <div className="min-w-0 overflow-x-auto rounded-lg border">
          <table className="w-full text-sm">
            <caption className="sr-only">{t("parameters.percentages")}</caption>
            <thead>
              <tr className="border-b text-left align-top">
                <td className="px-3 py-2" />
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  {t("parameters.provisional")}
                  {used("provisional")}
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  {t("parameters.definitive")}
                  {used("definitive")}
                  <span className="block text-xs font-normal text-muted-foreground">
                    {definitive
                      ? t("parameters.published", { date: format.day(definitive.published, true) })
                      : t("parameters.notPublished")}
                  </span>
                </th>
              </tr>
            </thead>
            <tbody className="[&_tr]:border-b [&_tr:last-child]:border-0">
              {categories.map((category) => (
                <tr key={category}>
                  <th scope="row" className="px-3 py-2 text-left font-normal">
                    {t(`parameters.${category}`)}
                  </th>
                  <td
                    className={cn(
                      "py-2 pr-3 text-right whitespace-nowrap tabular-nums",
                      data.basis === "provisional" && "font-medium",
                    )}
                  >
                    {format.rate(parameters.provisional[category])}
                  </td>
                  <td
                    className={cn(
                      "py-2 pr-3 text-right whitespace-nowrap tabular-nums",
                      data.basis === "definitive" && "font-medium",
                      !definitive && "text-muted-foreground",
                    )}
                  >
                    {definitive ? format.rate(definitive[category]) : t("parameters.notYet")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      <div className="grid gap-1.5">
        <h4 className="text-sm font-medium">{t("parameters.sources")}</h4>
        <ul className="grid gap-1.5 text-sm">
          {parameters.sources.map((source) => (
            <li key={source.url}>
              <a
                href={source.url}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-start gap-1.5 rounded-sm text-primary underline-offset-2 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
              >
                <ExternalLinkIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
                <span className="text-pretty">
                  {source.title}
                  <span className="sr-only"> {t("parameters.newTab")}</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </Box3Section>
  );
}
