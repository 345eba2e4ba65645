import { LoaderCircleIcon } from "lucide-react";
import { useId } from "react";
import { useForm, type Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
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
import { Label } from "#client/components/ui/label.tsx";
import { errorText } from "#client/features/income-spending/money-format.ts";
import { today } from "#shared/dates.ts";
import { addRateSchema, type AddRateInput } from "#shared/schemas/savings.schema.ts";
import {
  FieldError,
  PercentInput,
  fieldIds,
  invalidProps,
  schemaResolver,
  showServerErrors,
} from "./form-parts.tsx";
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
  const uid = useId();
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
  const ids = (name: string) => fieldIds(uid, name);

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
            <div className="grid gap-2">
              <Label htmlFor={ids("from").input}>{t("rateForm.from")}</Label>
              <Input
                id={ids("from").input}
                type="date"
                {...invalidProps(ids("from"), errors.startsOn?.message)}
                {...register("startsOn", { onChange: rerun })}
              />
              <FieldError id={ids("from").error} message={errors.startsOn?.message} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={ids("rate").input}>{t("rateForm.rate")}</Label>
              <PercentInput
                id={ids("rate").input}
                autoFocus
                {...invalidProps(ids("rate"), errors.rate?.message)}
                {...register("rate", { onChange: rerun })}
              />
              <FieldError id={ids("rate").error} message={errors.rate?.message} />
            </div>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t("cancel")}
            </Button>
            <Button type="submit" disabled={busy} aria-busy={busy}>
              {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
              {t("rateForm.submit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
