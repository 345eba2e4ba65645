import { useTranslation } from "react-i18next";
import type { Box3EstimateAnswer } from "#shared/schemas/taxes.schema.ts";
import { useBox3Format, type Box3NameOf } from "./box3-format.ts";
import { Box3Section, FigureList, FigureRow } from "./box3-parts.tsx";

type Wealth = { bankCents: number; otherCents: number; debtsCents: number };

/**
 * What each person owns and owes on 1 January (their own, their share of what is shared, and
 * their part of the household's own), and what the household owns as a whole and between whom
 * it is split.
 */
export function Box3Wealth({ data, nameOf }: { data: Box3EstimateAnswer; nameOf: Box3NameOf }) {
  const { t } = useTranslation("box3");
  const format = useBox3Format();
  const owned = data.householdOwned;
  const hasOwned = owned.bankCents !== 0 || owned.otherCents !== 0 || owned.debtsCents !== 0;
  const rows = (wealth: Wealth) => (
    <>
      <FigureRow label={t("wealth.bank")} value={format.money(wealth.bankCents)} />
      <FigureRow label={t("wealth.other")} value={format.money(wealth.otherCents)} />
      <FigureRow label={t("wealth.debts")} value={format.money(wealth.debtsCents)} />
    </>
  );

  return (
    <Box3Section
      title={t("wealth.title", { date: format.longDay(data.wealthOn) })}
      intro={t("wealth.intro")}
      testId="box3-wealth"
    >
      <ul className="grid gap-3 sm:grid-cols-2" aria-label={t("wealth.people")}>
        {data.people.map((person) => (
          <li key={person.memberId} className="grid" data-testid="box3-person">
            <FigureList title={person.name} className="h-full">
              {rows(person)}
            </FigureList>
          </li>
        ))}
      </ul>
      {hasOwned ? (
        <FigureList
          title={t("wealth.household")}
          className="sm:max-w-[calc(50%-0.375rem)]"
          testId="box3-household-owned"
        >
          {rows(owned)}
        </FigureList>
      ) : null}
      <p className="text-sm text-muted-foreground text-pretty" data-testid="box3-split">
        {hasOwned
          ? t(`wealth.split.${owned.splitReason}`, {
              names: format.list(owned.splitBetween.map(nameOf)),
              count: owned.splitBetween.length,
            })
          : t("wealth.nothingOwned")}
      </p>
    </Box3Section>
  );
}
