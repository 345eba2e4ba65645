import { useMemo, useState } from "react";
import { useForm, useWatch, type Path, type Resolver } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DateInput } from "#client/components/forms/date-input.tsx";
import { toast } from "#client/lib/toast.ts";
import { FormField } from "#client/components/forms/form-field.tsx";
import { DecimalInput, MoneyInput } from "#client/components/forms/number-inputs.tsx";
import { schemaResolver } from "#client/components/forms/schema-resolver.ts";
import { showServerErrors } from "#client/components/forms/server-errors.ts";
import { SubmitButton } from "#client/components/forms/submit-button.tsx";
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
import { NativeSelect } from "#client/components/ui/select.tsx";
import { errorText } from "#client/features/income-spending/money-format.ts";
import { useSavingsFormat } from "#client/features/savings/savings-format.ts";
import { amountForSchema } from "#client/features/transactions/amount-input.ts";
import { today } from "#shared/dates.ts";
import type { Language } from "#shared/i18n.ts";
import {
  tradeInputSchema,
  tradeKinds,
  type HoldingDetail,
  type TradeInput,
  type TradeKind,
} from "#shared/schemas/investments.schema.ts";
import { useAddTrade, useDeleteTrade } from "./investments.queries.ts";

/* ------------------------------------------------------------------------------------------ */
/* Numbers with decimals (units, prices, exchange rates), typed and shown the language's way. */
/* ------------------------------------------------------------------------------------------ */

const numberLocale = (language: Language) => (language === "nl" ? "nl-NL" : "en-GB");
/** The locale money is written in (as formatMoney in #shared/money.ts). */
const moneyLocale = (language: Language) => (language === "nl" ? "nl-NL" : "en-IE");

/**
 * A number typed by a person with as many decimals as it needs ("12,5", "0.9234", "1.234,567"
 * in Dutch; "1,234.567" in English), or null when it is not a number. The language's decimal
 * separator is the decimal one; its grouping separator groups thousands when it is used that
 * way ("1.234" is 1234 in Dutch), and is taken as the decimal separator otherwise ("0.9234" or
 * "1.5" in Dutch, "1,5" in English).
 */
export function parseDecimal(input: string, language: Language): number | null {
  const text = input.replace(/[\s\u00a0\u202f]/g, "").replace(/^[−-]/, "-");
  const negative = text.startsWith("-");
  const body = negative ? text.slice(1) : text;
  if (!/^[\d.,]+$/.test(body)) return null;
  const point = language === "nl" ? "," : ".";
  const group = language === "nl" ? "." : ",";
  let whole: string;
  let fraction = "";
  if (body.includes(point)) {
    const parts = body.split(point);
    if (parts.length !== 2) return null;
    whole = parts[0] ?? "";
    fraction = parts[1] ?? "";
  } else {
    whole = body;
  }
  if (fraction !== "" && !/^\d+$/.test(fraction)) return null;
  if (whole.includes(group)) {
    const grouped = new RegExp(`^[1-9]\\d{0,2}(\\${group}\\d{3})+$`);
    if (grouped.test(whole)) {
      whole = whole.split(group).join("");
    } else if (!body.includes(point) && whole.split(group).length === 2) {
      // The other convention's decimal separator: "0.9234" typed in Dutch.
      [whole = "", fraction = ""] = whole.split(group);
      if (fraction === "") return null;
    } else {
      return null;
    }
  }
  if (whole === "" && fraction === "") return null;
  if (!/^\d*$/.test(whole)) return null;
  const value = Number(`${whole || "0"}.${fraction || "0"}`);
  if (!Number.isFinite(value)) return null;
  return negative ? -value : value;
}

/** A typed number for the schema: undefined when empty, the number, or NaN when it is none. */
export function decimalForSchema(input: string, language: Language): number | undefined {
  if (input.trim() === "") return undefined;
  return parseDecimal(input, language) ?? Number.NaN;
}

/** A number as a person would type it (no grouping): nl "0,9234", en "0.9234". */
export function formatDecimalInput(value: number, language: Language): string {
  return new Intl.NumberFormat(numberLocale(language), {
    useGrouping: false,
    maximumFractionDigits: 10,
  }).format(value);
}

/** Units, prices and exchange rates shown the language's way, with the savings area's money. */
export function useHoldingFormat() {
  const format = useSavingsFormat();
  const { language } = format;
  return {
    ...format,
    /** Units with the decimals they have (up to 8): "12.5" / "12,5". */
    units: (quantity: number) =>
      new Intl.NumberFormat(numberLocale(language), { maximumFractionDigits: 8 }).format(quantity),
    /** A price per unit in its currency: "$95.12" / "US$ 95,12", "€1,234.5678". */
    price: (price: number, currency: string) => {
      try {
        return new Intl.NumberFormat(moneyLocale(language), {
          style: "currency",
          currency,
          minimumFractionDigits: 2,
          maximumFractionDigits: 6,
        }).format(price);
      } catch {
        return `${currency} ${new Intl.NumberFormat(numberLocale(language), {
          minimumFractionDigits: 2,
          maximumFractionDigits: 6,
        }).format(price)}`;
      }
    },
    /** A plain number with up to 6 decimals (an exchange rate, a split's ratio). */
    decimal: (value: number) =>
      new Intl.NumberFormat(numberLocale(language), { maximumFractionDigits: 6 }).format(value),
    /** A percentage with one decimal and its sign: 12.5 → "+12.5%" / "+12,5%". */
    signedPercent: (percent: number) =>
      new Intl.NumberFormat(numberLocale(language), {
        style: "percent",
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
        signDisplay: "exceptZero",
      }).format(percent / 100),
  };
}

/* ------------------------------------------------------------------------------------------ */
/* The live total of a buy or a sell.                                                          */
/* ------------------------------------------------------------------------------------------ */

/**
 * What a buy costs or a sell brings in, in cents: the units' euro amount (quantity × price ×
 * rate, rounded as the server rounds it) and, with the fees, the total: a buy's cost (amount +
 * fees) or a sell's proceeds (amount − fees). Null while a number is missing or not valid.
 */
export function tradeTotal(input: {
  kind: "buy" | "sell";
  quantity: number | null | undefined;
  price: number | null | undefined;
  fxRate: number | null | undefined;
  feesCents: number | null | undefined;
}): { amountCents: number; feesCents: number; totalCents: number } | null {
  const { quantity, price, fxRate } = input;
  const feesCents = input.feesCents ?? 0;
  if (quantity == null || price == null || fxRate == null) return null;
  if (![quantity, price, fxRate, feesCents].every(Number.isFinite)) return null;
  if (quantity <= 0 || price < 0 || fxRate <= 0 || feesCents < 0) return null;
  const amountCents = Math.round(quantity * price * fxRate * 100);
  const totalCents = input.kind === "buy" ? amountCents + feesCents : amountCents - feesCents;
  return { amountCents, feesCents, totalCents };
}

/** What a trade and a price dialog need to know of the holding. */
export type HoldingForForms = Pick<
  HoldingDetail,
  "id" | "name" | "symbol" | "currency" | "quantity" | "latestPrice"
> & { trades?: Pick<HoldingDetail["trades"][number], "occurredOn">[] };

/**
 * Whether a sell or transfer out dated on or after the newest trade takes more units than are
 * held now: refused at once on the field. Earlier dates (a later split may change the units)
 * are the server's to check.
 */
export function takesTooMany(input: TradeInput, holding: HoldingForForms): boolean {
  if (input.kind !== "sell" && input.kind !== "transfer-out") return false;
  const newest = holding.trades?.[0]?.occurredOn ?? "";
  if (input.quantity == null || input.occurredOn < newest) return false;
  return input.quantity > holding.quantity + 1e-9;
}

/** The rate to start from for a foreign holding: the latest price's, else nothing. */
export function startRate(holding: HoldingForForms, language: Language): string {
  if (holding.currency === "EUR" || !holding.latestPrice) return "";
  return formatDecimalInput(holding.latestPrice.fxRate, language);
}

/* ------------------------------------------------------------------------------------------ */
/* The form.                                                                                  */
/* ------------------------------------------------------------------------------------------ */

export type TradeFormValues = {
  kind: TradeKind;
  occurredOn: string;
  quantity: string;
  price: string;
  fxRate: string;
  amount: string;
  fees: string;
  tax: string;
  ratio: string;
  note: string;
};

const fieldOfPath: Record<string, Path<TradeFormValues>> = {
  kind: "kind",
  occurredOn: "occurredOn",
  quantity: "quantity",
  price: "price",
  fxRate: "fxRate",
  amountCents: "amount",
  feesCents: "fees",
  taxCents: "tax",
  ratio: "ratio",
  note: "note",
};
const fieldOf = (path: string): Path<TradeFormValues> =>
  fieldOfPath[path.split(".")[0] ?? ""] ?? "quantity";

/** Which of the form's fields a kind of trade asks for (besides the date and the note). */
export const tradeFields = {
  buy: ["quantity", "price", "fees", "fxRate"],
  sell: ["quantity", "price", "fees", "fxRate"],
  dividend: ["amount", "tax"],
  fee: ["amount"],
  "transfer-in": ["quantity", "amount"],
  "transfer-out": ["quantity"],
  split: ["ratio"],
} as const satisfies Record<TradeKind, readonly (keyof TradeFormValues)[]>;

/**
 * The request for the form's values: only the fields the kind uses. A foreign holding's buy or
 * sell needs its exchange rate (an empty one is not valid); a euro holding's is 1.
 */
export function tradeInput(
  values: TradeFormValues,
  language: Language,
  foreign: boolean,
): TradeInput {
  const number = (text: string) => decimalForSchema(text, language);
  const base = { kind: values.kind, occurredOn: values.occurredOn, note: values.note };
  switch (values.kind) {
    case "buy":
    case "sell":
      return {
        ...base,
        quantity: number(values.quantity),
        price: number(values.price),
        fxRate: foreign ? (number(values.fxRate) ?? Number.NaN) : 1,
        feesCents: amountForSchema(values.fees),
      };
    case "dividend":
      return {
        ...base,
        amountCents: amountForSchema(values.amount),
        taxCents: amountForSchema(values.tax),
      };
    case "fee":
      return { ...base, amountCents: amountForSchema(values.amount) };
    case "transfer-in":
      return {
        ...base,
        quantity: number(values.quantity),
        amountCents: amountForSchema(values.amount),
      };
    case "transfer-out":
      return { ...base, quantity: number(values.quantity) };
    case "split":
      return { ...base, ratio: number(values.ratio) };
  }
}

/** "Add trade": a buy, sell, dividend, fee, transfer or split on one holding. */
export function TradeDialog({
  holding,
  initialKind = "buy",
  onClose,
}: {
  holding: HoldingForForms;
  initialKind?: TradeKind;
  onClose: () => void;
}) {
  const { t } = useTranslation("holdings");
  const format = useHoldingFormat();
  const { language } = format;
  const add = useAddTrade();
  const remove = useDeleteTrade();
  const foreign = holding.currency !== "EUR";
  /** The first field of the first kind takes the focus; fields shown after a change do not. */
  const [kindChanged, setKindChanged] = useState(false);
  const resolver = useMemo((): Resolver<TradeFormValues> => {
    const bySchema = schemaResolver(
      tradeInputSchema,
      (values: TradeFormValues) => tradeInput(values, language, foreign),
      fieldOf,
    );
    return async (values, context, options) => {
      const result = await bySchema(values, context, options);
      if (Object.keys(result.errors).length > 0) return result;
      if (!takesTooMany(tradeInput(values, language, foreign), holding)) return result;
      return {
        values: {},
        errors: { quantity: { type: "validation", message: "sellTooLarge" } },
      };
    };
  }, [language, foreign, holding]);
  const {
    register,
    control,
    setError,
    handleSubmit,
    trigger,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<TradeFormValues>({
    resolver,
    defaultValues: {
      kind: initialKind,
      occurredOn: today(),
      quantity: "",
      price: "",
      fxRate: startRate(holding, language),
      amount: "",
      fees: "",
      tax: "",
      ratio: "",
      note: "",
    },
  });
  const values = useWatch({ control }) as TradeFormValues;
  const kind = values.kind;
  const shows = (field: keyof TradeFormValues) =>
    (tradeFields[kind] as readonly string[]).includes(field) && (field !== "fxRate" || foreign);
  const rerun = () => {
    if (isSubmitted) void trigger();
  };
  /** A field's input: registered, and the first field of the first kind takes the focus. */
  const input = (name: keyof TradeFormValues) => ({
    autoFocus: !kindChanged && name === tradeFields[initialKind][0],
    ...register(name, { onChange: rerun }),
  });

  const onSubmit = handleSubmit(async (formValues) => {
    const input = tradeInput(formValues, language, foreign);
    try {
      const trade = await add.mutateAsync({ holdingId: holding.id, input });
      onClose();
      toast.success(
        t("tradeForm.booked", {
          kind: t(`tradeKinds.${trade.kind}`),
          name: holding.name,
          date: format.day(trade.occurredOn, true),
        }),
        {
          action: {
            label: t("undo"),
            // The dialog is gone by then: the promise, not mutate's callbacks, tells how it went.
            onClick: () =>
              void remove.mutateAsync(trade.id).then(
                () => toast.success(t("tradeForm.undone")),
                (error: unknown) =>
                  toast.error(t("tradeForm.undoFailed"), { description: errorText(t, error) }),
              ),
          },
        },
      );
    } catch (error) {
      if (showServerErrors(error, setError, fieldOf)) return;
      toast.error(t("tradeForm.failed"), { description: errorText(t, error) });
    }
  });
  const busy = isSubmitting || add.isPending;

  const total =
    kind === "buy" || kind === "sell"
      ? tradeTotal({
          kind,
          quantity: parseDecimal(values.quantity, language),
          price: parseDecimal(values.price, language),
          fxRate: foreign ? parseDecimal(values.fxRate, language) : 1,
          feesCents: values.fees.trim() === "" ? 0 : amountForSchema(values.fees),
        })
      : null;

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="sm:max-w-lg" closeLabel={t("close")} data-testid="trade-dialog">
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid min-w-0 gap-4">
          <DialogHeader>
            <DialogTitle>{t("tradeForm.title")}</DialogTitle>
            <DialogDescription>
              {t("tradeForm.description", {
                name: holding.name,
                units: format.units(holding.quantity),
                count: holding.quantity,
              })}
            </DialogDescription>
          </DialogHeader>

          <div className="grid items-start gap-4 sm:grid-cols-2">
            <FormField label={t("tradeForm.kind")} error={errors.kind?.message}>
              <NativeSelect
                data-testid="trade-kind"
                {...register("kind", {
                  onChange: () => {
                    setKindChanged(true);
                    rerun();
                  },
                })}
              >
                {tradeKinds.map((value) => (
                  <option key={value} value={value}>
                    {t(`tradeKinds.${value}`)}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField label={t("tradeForm.date")} error={errors.occurredOn?.message}>
              <DateInput {...input("occurredOn")} />
            </FormField>
          </div>

          <p className="-mt-2 text-sm text-muted-foreground">{t(`tradeForm.explain.${kind}`)}</p>

          <div className="grid items-start gap-4 sm:grid-cols-2">
            {shows("quantity") ? (
              <FormField label={t("tradeForm.quantity")} error={errors.quantity?.message}>
                <DecimalInput
                  placeholder="0"
                  unit={t("tradeForm.unitsSuffix")}
                  {...input("quantity")}
                />
              </FormField>
            ) : null}
            {shows("price") ? (
              <FormField
                label={t("tradeForm.price", { currency: holding.currency })}
                error={errors.price?.message}
              >
                <DecimalInput unit={holding.currency} {...input("price")} />
              </FormField>
            ) : null}
            {shows("fxRate") ? (
              <FormField
                label={t("tradeForm.fxRate", { currency: holding.currency })}
                hint={t("tradeForm.fxRateHint", { currency: holding.currency })}
                error={errors.fxRate?.message}
              >
                <DecimalInput
                  placeholder={language === "nl" ? "0,92" : "0.92"}
                  {...input("fxRate")}
                />
              </FormField>
            ) : null}
            {shows("fees") ? (
              <FormField label={t("tradeForm.fees")} error={errors.fees?.message}>
                <MoneyInput {...input("fees")} />
              </FormField>
            ) : null}
            {shows("amount") ? (
              <FormField
                label={t(
                  `tradeForm.amount.${kind === "dividend" || kind === "fee" ? kind : "cost"}`,
                )}
                hint={kind === "transfer-in" ? t("tradeForm.costHint") : undefined}
                error={errors.amount?.message}
              >
                <MoneyInput {...input("amount")} />
              </FormField>
            ) : null}
            {shows("tax") ? (
              <FormField label={t("tradeForm.tax")} error={errors.tax?.message}>
                <MoneyInput {...input("tax")} />
              </FormField>
            ) : null}
            {shows("ratio") ? (
              <FormField
                label={t("tradeForm.ratio")}
                hint={t("tradeForm.ratioHint")}
                error={errors.ratio?.message}
              >
                <DecimalInput placeholder="2" {...input("ratio")} />
              </FormField>
            ) : null}
          </div>

          {kind === "buy" || kind === "sell" ? <TotalLine kind={kind} total={total} /> : null}

          <FormField label={t("tradeForm.note")} error={errors.note?.message}>
            <Input autoComplete="off" placeholder={t("tradeForm.noteHint")} {...input("note")} />
          </FormField>

          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t("cancel")}
            </Button>
            <SubmitButton pending={busy}>{t(`tradeForm.submit.${kind}`)}</SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The live total of a buy or sell, read out politely as it changes. */
function TotalLine({
  kind,
  total,
}: {
  kind: "buy" | "sell";
  total: ReturnType<typeof tradeTotal>;
}) {
  const { t } = useTranslation("holdings");
  const format = useHoldingFormat();
  return (
    <div
      className="grid gap-0.5 rounded-lg border bg-muted/40 px-3 py-2.5 text-sm"
      aria-live="polite"
      data-testid="trade-total"
    >
      <p className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="text-muted-foreground">{t(`tradeForm.total.${kind}`)}</span>
        <span className="font-semibold tabular-nums" data-testid="trade-total-value">
          {total ? format.money(total.totalCents) : "—"}
        </span>
      </p>
      <p className="text-xs text-muted-foreground tabular-nums">
        {total
          ? t(`tradeForm.breakdown.${kind}`, {
              amount: format.money(total.amountCents),
              fees: format.money(total.feesCents),
            })
          : t("tradeForm.totalPending")}
      </p>
    </div>
  );
}
