import { ShieldAlertIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "#client/components/ui/card.tsx";
import type { NameOf } from "#client/features/savings/savings-format.ts";
import { cn } from "#client/lib/cn.ts";
import type { InsuranceKind, InsuranceOverview, Policy } from "#shared/schemas/insurance.schema.ts";
import { isEssential, useInsuranceFormat } from "./insurance-format.ts";

/**
 * Who is covered for what: a row per kind the family has a policy of (and the essential kinds,
 * always), a column per person, each cell the policies that cover them (a button that opens
 * one) or a gap — an essential gap marked. Wide households scroll sideways inside the card, the
 * kinds' column staying put; beneath, each person's essential gaps in words.
 */
export function CoverageCard({
  coverage,
  policies,
  nameOf,
  onOpen,
}: {
  coverage: InsuranceOverview["coverage"];
  policies: readonly Policy[];
  nameOf: NameOf;
  onOpen: (policy: Policy) => void;
}) {
  const { t } = useTranslation("insurance");
  const format = useInsuranceFormat();
  const byId = new Map(policies.map((policy) => [policy.id, policy]));
  const rows = coverage.rows;
  const kinds = coverage.kinds.filter(
    (kind) =>
      isEssential(kind) ||
      rows.some((row) => row.cells.some((cell) => cell.kind === kind && cell.policyIds.length)),
  );
  const gapped = rows.filter((row) => row.gaps.length > 0);
  /** An essential kind as a sentence names it ("liability insurance"); others by their name. */
  const gapName = (kind: InsuranceKind) =>
    isEssential(kind) ? t(`coverage.gapKinds.${kind}`) : format.kind(kind).toLowerCase();

  return (
    <Card className="min-w-0 gap-4" data-testid="coverage">
      <CardHeader className="max-sm:px-4">
        <CardTitle className="text-base">{t("coverage.title")}</CardTitle>
        <CardDescription>{t("coverage.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-4 max-sm:px-4">
        <div
          className="max-w-full overflow-x-auto rounded-lg border"
          tabIndex={0}
          role="region"
          aria-label={t("coverage.title")}
          data-testid="coverage-scroll"
        >
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">{t("coverage.title")}</caption>
            <thead>
              <tr className="border-b bg-muted/50 text-left">
                <th
                  scope="col"
                  className="sticky left-0 z-10 bg-muted px-3 py-2 font-medium text-muted-foreground"
                >
                  {t("coverage.kind")}
                </th>
                {rows.map((row) => (
                  <th
                    key={row.memberId}
                    scope="col"
                    className="min-w-32 px-3 py-2 font-medium"
                    data-testid="coverage-person"
                  >
                    {nameOf(row.memberId)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {kinds.map((kind) => (
                <tr key={kind} className="border-b last:border-0" data-testid="coverage-kind">
                  <th
                    scope="row"
                    className="sticky left-0 z-10 max-w-40 bg-card px-3 py-2 text-left font-medium break-words"
                  >
                    {format.kind(kind)}
                  </th>
                  {rows.map((row) => {
                    const ids = row.cells.find((cell) => cell.kind === kind)?.policyIds ?? [];
                    const name = nameOf(row.memberId);
                    const cellPolicies = ids
                      .map((id) => byId.get(id))
                      .filter((policy): policy is Policy => policy !== undefined);
                    if (cellPolicies.length === 0) {
                      const essential = row.gaps.includes(kind);
                      return (
                        <td
                          key={row.memberId}
                          className="px-3 py-2"
                          data-testid="coverage-gap"
                          data-kind={kind}
                          data-member={row.memberId}
                        >
                          <span
                            className={cn(
                              "inline-flex items-center gap-1 rounded-md border border-dashed px-2 py-0.5 text-xs",
                              essential
                                ? "border-red-400 text-red-700 dark:border-red-400/60 dark:text-red-300"
                                : "text-muted-foreground",
                            )}
                          >
                            {essential ? (
                              <ShieldAlertIcon className="size-3.5" aria-hidden="true" />
                            ) : null}
                            <span aria-hidden="true">
                              {essential ? t("coverage.essentialGap") : t("coverage.gap")}
                            </span>
                            <span className="sr-only">
                              {t("coverage.gapNamed", { name, kind: format.kind(kind) })}
                            </span>
                          </span>
                        </td>
                      );
                    }
                    return (
                      <td
                        key={row.memberId}
                        className="px-3 py-2"
                        data-testid="coverage-cell"
                        data-kind={kind}
                        data-member={row.memberId}
                      >
                        <div className="flex flex-wrap gap-1">
                          {cellPolicies.map((policy) => (
                            <button
                              key={policy.id}
                              type="button"
                              onClick={() => onOpen(policy)}
                              aria-label={t("coverage.open", {
                                kind: format.kind(kind),
                                insurer: policy.insurer,
                                name,
                              })}
                              className="max-w-40 truncate rounded-md bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary hover:bg-primary/20 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                            >
                              {policy.insurer}
                            </button>
                          ))}
                        </div>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {rows.length > 0 ? (
          <ul className="grid gap-1 text-sm" data-testid="coverage-gaps">
            {gapped.length === 0 ? (
              <li className="text-emerald-700 dark:text-emerald-400">{t("coverage.noGaps")}</li>
            ) : (
              gapped.map((row) => (
                <li
                  key={row.memberId}
                  className="flex items-start gap-2 text-red-700 dark:text-red-300"
                >
                  <ShieldAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  {t("coverage.gaps", {
                    name: nameOf(row.memberId),
                    kinds: format.list(row.gaps.map((kind) => gapName(kind))),
                  })}
                </li>
              ))
            )}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
