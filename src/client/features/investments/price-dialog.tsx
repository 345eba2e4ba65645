import { useMemo } from "react";
import { useForm, type Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DateInput } from "#client/components/forms/date-input.tsx";
import { toast } from "#client/lib/toast.ts";
import { FormField } from "#client/components/forms/form-field.tsx";
import { DecimalInput } from "#client/components/forms/number-inputs.tsx";
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
import { errorText } from "#client/features/income-spending/money-format.ts";
import { today } from "#shared/dates.ts";
import type { Language } from "#shared/i18n.ts";
import { priceInputSchema, type PriceInput } from "#shared/schemas/investments.schema.ts";
import { useAddPrice } from "./investments.queries.ts";
import {
  decimalForSchema,
  startRate,
  useHoldingFormat,
  type HoldingForForms,
} from "./trade-dialog.tsx";

type PriceFormValues = { pricedOn: string; price: string; fxRate: string };

const fieldOf = (path: string): Path<PriceFormValues> =>
  path.startsWith("pricedOn") ? "pricedOn" : path.startsWith("fxRate") ? "fxRate" : "price";

/** The request: a foreign holding's price needs its exchange rate, a euro holding's is 1. */
function priceInput(values: PriceFormValues, language: Language, foreign: boolean): PriceInput {
  return {
    pricedOn: values.pricedOn,
    price: decimalForSchema(values.price, language) as number,
    fxRate: foreign ? (decimalForSchema(values.fxRate, language) ?? Number.NaN) : 1,
  };
}

/** "Enter price": what one unit of the holding was worth on a day (and the rate to euros). */
export function PriceDialog({
  holding,
  onClose,
}: {
  holding: HoldingForForms;
  onClose: () => void;
}) {
  const { t } = useTranslation("holdings");
  const format = useHoldingFormat();
  const { language } = format;
  const add = useAddPrice();
  const foreign = holding.currency !== "EUR";
  const resolver = useMemo(
    () =>
      schemaResolver(
        priceInputSchema,
        (values: PriceFormValues) => priceInput(values, language, foreign),
        fieldOf,
      ),
    [language, foreign],
  );
  const {
    register,
    setError,
    handleSubmit,
    trigger,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<PriceFormValues>({
    resolver,
    defaultValues: { pricedOn: today(), price: "", fxRate: startRate(holding, language) },
  });
  const rerun = () => {
    if (isSubmitted) void trigger();
  };
  const latest = holding.latestPrice;

  const onSubmit = handleSubmit(async (values) => {
    const input = priceInput(values, language, foreign);
    try {
      await add.mutateAsync({ holdingId: holding.id, input });
      toast.success(
        t("priceForm.saved", {
          price: format.price(input.price, holding.currency),
          date: format.day(input.pricedOn, true),
          name: holding.name,
        }),
      );
      onClose();
    } catch (error) {
      if (showServerErrors(error, setError, fieldOf)) return;
      toast.error(t("priceForm.failed"), { description: errorText(t, error) });
    }
  });
  const busy = isSubmitting || add.isPending;

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="sm:max-w-md" closeLabel={t("close")} data-testid="price-dialog">
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid min-w-0 gap-4">
          <DialogHeader>
            <DialogTitle>{t("priceForm.title")}</DialogTitle>
            <DialogDescription>
              {latest
                ? t("priceForm.descriptionLatest", {
                    name: holding.name,
                    price: format.price(latest.price, holding.currency),
                    date: format.day(latest.pricedOn, true),
                  })
                : t("priceForm.description", { name: holding.name })}
            </DialogDescription>
          </DialogHeader>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <FormField label={t("priceForm.date")} error={errors.pricedOn?.message}>
              <DateInput {...register("pricedOn", { onChange: rerun })} />
            </FormField>
            <FormField
              label={t("priceForm.price", { currency: holding.currency })}
              error={errors.price?.message}
            >
              <DecimalInput
                autoFocus
                unit={holding.currency}
                {...register("price", { onChange: rerun })}
              />
            </FormField>
            {foreign ? (
              <FormField
                label={t("tradeForm.fxRate", { currency: holding.currency })}
                error={errors.fxRate?.message}
              >
                <DecimalInput
                  placeholder={language === "nl" ? "0,92" : "0.92"}
                  {...register("fxRate", { onChange: rerun })}
                />
              </FormField>
            ) : null}
          </div>
          <p className="text-sm text-muted-foreground">
            {foreign
              ? t("priceForm.hintForeign", { currency: holding.currency })
              : t("priceForm.hint")}
          </p>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t("cancel")}
            </Button>
            <SubmitButton pending={busy}>{t("priceForm.submit")}</SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
