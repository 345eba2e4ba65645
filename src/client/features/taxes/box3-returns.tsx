import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import type { Box3EstimateAnswer, Box3Return } from "#shared/schemas/taxes.schema.ts";
import { returnPercentBp, useBox3Format, type Box3NameOf } from "./box3-format.ts";
import { Box3Section, FigureList, FigureRow } from "./box3-parts.tsx";

/** Each return of the scope, step by step as the tax office works it out. */
export function Box3Returns({ data, nameOf }: { data: Box3EstimateAnswer; nameOf: Box3NameOf }) {
  const { t } = useTranslation("box3");
  return (
    <Box3Section
      title={t("returns.title")}
      intro={t(data.returns.length > 1 ? "returns.introMany" : "returns.intro")}
    >
      <div className="grid gap-4 lg:grid-cols-2">
        {data.returns.map((item) => (
          <ReturnSteps
            key={item.people.map((person) => person.memberId).join("+")}
            item={item}
            data={data}
            nameOf={nameOf}
          />
        ))}
      </div>
    </Box3Section>
  );
}

/** One return: from 1 January's wealth to the tax, each step with the figure it gives. */
function ReturnSteps({
  item,
  data,
  nameOf,
}: {
  item: Box3Return;
  data: Box3EstimateAnswer;
  nameOf: Box3NameOf;
}) {
  const { t } = useTranslation("box3");
  const format = useBox3Format();
  const { used, allowanceCents, debtThresholdCents, taxRateBp } = data.parameters;
  const [first, second] = item.people;
  const title =
    item.partners && first && second
      ? t("returns.partnersTitle", {
          first: nameOf(first.memberId),
          second: nameOf(second.memberId),
        })
      : t("returns.aloneTitle", { name: first ? nameOf(first.memberId) : "" });
  const perPerson = (cents: number) =>
    t(item.partners ? "returns.perPersonTwice" : "returns.perPerson", {
      amount: format.euros(Math.floor(cents / 100)),
    });
  const percent = returnPercentBp(item.totalReturnEuros, item.yieldBaseEuros);
  const rate = format.share(taxRateBp);

  return (
    <FigureList
      testId="box3-return"
      title={
        <span className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span>{title}</span>
          <span className="font-normal text-muted-foreground tabular-nums">
            {t("returns.taxOf", { amount: format.euros(item.taxEuros) })}
          </span>
        </span>
      }
    >
      <FigureRow label={t("steps.bank")} value={format.euros(item.bankEuros)} />
      <FigureRow
        label={t("steps.other")}
        hint={t("steps.otherHint")}
        value={format.euros(item.otherEuros)}
      />
      <FigureRow
        label={t("steps.debts")}
        hint={t("steps.debtsHint")}
        value={format.euros(item.debtsEuros)}
      />
      <FigureRow
        label={t("steps.threshold")}
        hint={perPerson(debtThresholdCents)}
        value={format.minusEuros(item.thresholdEuros)}
      />
      <FigureRow
        total
        label={t("steps.deductibleDebts")}
        value={format.euros(item.deductibleDebtsEuros)}
      />
      <FigureRow
        label={t("steps.bankReturn", { percent: format.rate(used.bankBp) })}
        hint={t("steps.percentOf", {
          percent: format.rate(used.bankBp),
          amount: format.euros(item.bankEuros),
        })}
        value={format.euros(item.bankReturnEuros)}
      />
      <FigureRow
        label={t("steps.otherReturn", { percent: format.rate(used.otherBp) })}
        hint={t("steps.percentOf", {
          percent: format.rate(used.otherBp),
          amount: format.euros(item.otherEuros),
        })}
        value={format.euros(item.otherReturnEuros)}
      />
      <FigureRow
        label={t("steps.debtsReturn", { percent: format.rate(used.debtsBp) })}
        hint={t("steps.percentOf", {
          percent: format.rate(used.debtsBp),
          amount: format.euros(item.deductibleDebtsEuros),
        })}
        value={format.minusEuros(item.debtsReturnEuros)}
      />
      <FigureRow
        total
        label={t("steps.totalReturn")}
        hint={t("steps.totalReturnHint")}
        value={format.euros(item.totalReturnEuros)}
      />
      <FigureRow
        label={t("steps.yieldBase")}
        hint={t("steps.yieldBaseHint")}
        value={format.euros(item.yieldBaseEuros)}
      />
      <FigureRow
        label={t("steps.allowance")}
        hint={perPerson(allowanceCents)}
        value={format.minusEuros(item.allowanceEuros)}
      />
      <FigureRow
        total
        label={t("steps.base")}
        hint={t("steps.baseHint")}
        value={format.euros(item.baseEuros)}
      />
      <FigureRow
        label={t("steps.returnPercent")}
        hint={t("steps.returnPercentHint")}
        value={percent === null ? t("steps.none") : format.rate(percent)}
      />
      {item.people.map((person, index) =>
        item.partners ? (
          <PartnerRows
            key={person.memberId}
            person={person}
            name={nameOf(person.memberId)}
            part={
              item.firstPartnerSplitBp === null
                ? null
                : index === 0
                  ? item.firstPartnerSplitBp
                  : 10_000 - item.firstPartnerSplitBp
            }
            rate={rate}
          />
        ) : (
          <Fragment key={person.memberId}>
            <FigureRow
              label={t("steps.share")}
              hint={t("steps.shareHint")}
              value={format.rate(person.shareBp)}
            />
            <FigureRow
              total
              label={t("steps.benefit")}
              hint={t("steps.benefitHint")}
              value={format.euros(person.benefitEuros)}
            />
            <FigureRow label={t("steps.rate")} value={rate} />
          </Fragment>
        ),
      )}
      {item.partners ? (
        <>
          <FigureRow
            total
            label={t("steps.benefitTogether")}
            value={format.euros(item.benefitEuros)}
          />
          <FigureRow label={t("steps.rate")} value={rate} />
        </>
      ) : null}
      <FigureRow
        total
        label={t("steps.tax")}
        hint={t("steps.taxHint", { rate })}
        value={format.euros(item.taxEuros)}
        testId="box3-return-tax"
      />
    </FigureList>
  );
}

/** A fiscal partner's part: of the base, the share of the yield base, benefit and tax. */
function PartnerRows({
  person,
  name,
  part,
  rate,
}: {
  person: Box3Return["people"][number];
  name: string;
  part: number | null;
  rate: string;
}) {
  const { t } = useTranslation("box3");
  const format = useBox3Format();
  return (
    <>
      <FigureRow
        testId="box3-return-partner"
        label={t("steps.partnerBase", { name })}
        hint={part === null ? undefined : t("steps.partnerBaseHint", { part: format.share(part) })}
        value={format.euros(person.baseEuros)}
      />
      <FigureRow
        label={t("steps.partnerShare", { name })}
        hint={t("steps.shareHint")}
        value={format.rate(person.shareBp)}
      />
      <FigureRow
        label={t("steps.partnerBenefit", { name })}
        hint={t("steps.benefitHint")}
        value={format.euros(person.benefitEuros)}
      />
      <FigureRow
        label={t("steps.partnerTax", { name })}
        hint={t("steps.taxHint", { rate })}
        value={format.euros(person.taxEuros)}
      />
    </>
  );
}
