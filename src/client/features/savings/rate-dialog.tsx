import { useForm, type Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DateInput } from "#client/components/forms/date-input.tsx";
import { toast } from "#client/lib/toast.ts";
import { FormField } from "#client/components/forms/form-field.tsx";
import { PercentInput } from "#client/components/forms/number-inputs.tsx";
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
import { addRateSchema, type AddRateInput } from "#shared/schemas/savings.schema.ts";
import { rateForSchema, useSavingsFormat } from "./savings-format.ts";
import { useAddRate } from "./savings.queries.ts";

type RateFormValues = { startsOn: string; rate: string };

const fieldOf = (path: string): Path<RateFormValues> =>
  path.startsWith("startsOn") ? "startsOn" : "rate";

const rateInput = (values: RateFormValues): AddRateInput => ({
  startsOn: values.startsOn,
  rateBp: rateForSchema(values.rate) as number,
});

const resolver = schemaResolver(addRateSchema, rateInput, fieldOf);

/** "Add rate change": from which day the account earns which yearly rate. */
export function RateDialog({
  accountId,
  accountName,
  currentBp,
  onClose,
}: {
  accountId: string;
  accountName: string;
  currentBp: number;
  onClose: () => void;
}) {
  const { t } = useTranslation("savings");
  const format = useSavingsFormat();
  const add = useAddRate();
  const {
    register,
    setError,
    handleSubmit,
    trigger,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<RateFormValues>({ resolver, defaultValues: { startsOn: today(), rate: "" } });
  const rerun = () => {
    if (isSubmitted) void trigger();
  };

  const onSubmit = handleSubmit(async (values) => {
    const input = rateInput(values);
    try {
      await add.mutateAsync({ accountId, input });
      toast.success(
        t("rateForm.saved", {
          rate: format.rate(input.rateBp),
          date: format.day(input.startsOn, true),
        }),
      );
      onClose();
    } catch (error) {
      if (showServerErrors(error, setError, fieldOf)) return;
      toast.error(t("rateForm.failed"), { description: errorText(t, error) });
    }
  });
  const busy = isSubmitting || add.isPending;

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="sm:max-w-md" closeLabel={t("close")} data-testid="rate-dialog">
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t("rateForm.title")}</DialogTitle>
            <DialogDescription>
              {t("rateForm.description", { name: accountName, rate: format.rate(currentBp) })}
            </DialogDescription>
          </DialogHeader>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <FormField label={t("rateForm.from")} error={errors.startsOn?.message}>
              <DateInput {...register("startsOn", { onChange: rerun })} />
            </FormField>
            <FormField label={t("rateForm.rate")} error={errors.rate?.message}>
              <PercentInput autoFocus {...register("rate", { onChange: rerun })} />
            </FormField>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t("cancel")}
            </Button>
            <SubmitButton pending={busy}>{t("rateForm.submit")}</SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
