import { CalculatorIcon, SaveIcon } from "lucide-react";
import { useId } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "#client/lib/toast.ts";
import { schemaResolver } from "#client/components/forms/schema-resolver.ts";
import { Segmented } from "#client/components/forms/segmented.tsx";
import { showServerErrors } from "#client/components/forms/server-errors.ts";
import { SubmitButton } from "#client/components/forms/submit-button.tsx";
import { Button } from "#client/components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "#client/components/ui/card.tsx";
import { errorText } from "#client/features/income-spending/money-format.ts";
import { extraRepaymentEffects } from "#shared/loan-math.ts";
import {
  extraRepaymentInputSchema,
  whatIfInputSchema,
  type LoanDetail,
} from "#shared/schemas/loans.schema.ts";
import { AllowanceWarning, ComparisonTable } from "./comparison.tsx";
import {
  ExtraFields,
  extraDefaults,
  extraFieldOf,
  extraInput,
  type ExtraFormValues,
} from "./extra-fields.tsx";
import { useLoansFormat } from "./loans-format.ts";
import { useAddExtra, useWhatIf } from "./loans.queries.ts";

const toRequest = (values: ExtraFormValues) => ({ ...extraInput(values), effect: values.effect });
const resolver = schemaResolver(whatIfInputSchema, toRequest, extraFieldOf);

/**
 * "What if we repaid this too?": an extra repayment tried without saving it (the server works
 * it out from the loan as it is), the loan as it is beside the loan with it, and the way to
 * keep it as a real extra repayment.
 */
export function WhatIfCard({ detail }: { detail: LoanDetail }) {
  const { t } = useTranslation("loans");
  const format = useLoansFormat();
  const uid = useId();
  const whatIf = useWhatIf();
  const add = useAddExtra();
  const form = useForm<ExtraFormValues>({ resolver, defaultValues: extraDefaults(detail) });
  const {
    control,
    setError,
    setValue,
    handleSubmit,
    formState: { isSubmitting, isSubmitted },
  } = form;
  const effect = useWatch({ control, name: "effect" });
  const result = whatIf.data;
  const rerun = () => {
    whatIf.reset();
    if (isSubmitted) void form.trigger();
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await whatIf.mutateAsync({
        loanId: detail.id,
        input: whatIfInputSchema.parse(toRequest(values)),
      });
    } catch (error) {
      if (showServerErrors(error, setError, extraFieldOf)) return;
      toast.error(t("whatIf.failed"), { description: errorText(t, error) });
    }
  });

  const save = () => {
    const parsed = extraRepaymentInputSchema.safeParse({
      ...extraInput(form.getValues()),
      note: null,
    });
    if (!parsed.success) return;
    const input = parsed.data;
    add.mutate(
      { loanId: detail.id, input },
      {
        onSuccess: () => {
          toast.success(t("extras.added", { amount: format.money(input.amountCents) }));
          whatIf.reset();
          form.reset(extraDefaults(detail));
        },
        onError: (error) => {
          if (showServerErrors(error, setError, extraFieldOf)) return;
          toast.error(t("extras.addFailed"), { description: errorText(t, error) });
        },
      },
    );
  };

  return (
    <Card className="gap-4" data-testid="loan-what-if">
      <CardHeader className="max-sm:px-4">
        <CardTitle className="flex items-center gap-2 text-base">
          <CalculatorIcon className="size-4 text-primary" aria-hidden="true" />
          {t("whatIf.title")}
        </CardTitle>
        <CardDescription>{t("whatIf.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 max-sm:px-4">
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid min-w-0 gap-4">
          <ExtraFields form={form} parts={detail.parts} rerun={rerun} />
          <Segmented
            name={`${uid}-effect`}
            legend={t("whatIf.effect")}
            showLegend
            value={effect}
            options={extraRepaymentEffects.map((value) => ({
              value,
              label: t(`effects.${value}.label`),
            }))}
            onChange={(value) => {
              setValue("effect", value);
              rerun();
            }}
            className="sm:max-w-[calc(50%-0.5rem)]"
          />
          <SubmitButton
            pending={isSubmitting || whatIf.isPending}
            icon={<CalculatorIcon aria-hidden="true" />}
            variant="outline"
            className="justify-self-start"
          >
            {t("whatIf.submit")}
          </SubmitButton>
        </form>

        {result ? (
          <div className="grid gap-3" aria-live="polite" data-testid="what-if-result">
            <ComparisonTable
              comparison={result.comparison}
              effect={effect}
              withoutLabel={t("whatIf.asItIs")}
              withLabel={t("whatIf.withIt")}
              testId="what-if-effect"
            />
            <AllowanceWarning allowance={result.allowance} testId="what-if-allowance-warning" />
            <div className="flex flex-wrap items-center gap-3">
              <Button size="sm" onClick={save} disabled={add.isPending} data-testid="what-if-save">
                <SaveIcon aria-hidden="true" />
                {t("whatIf.save")}
              </Button>
              {effect !== detail.extraEffect ? (
                <p className="text-xs text-muted-foreground text-pretty">
                  {t("whatIf.effectNote", {
                    effect: t(`effects.${detail.extraEffect}.label`).toLowerCase(),
                  })}
                </p>
              ) : null}
            </div>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
