import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DateInput } from "#client/components/forms/date-input.tsx";
import { toast } from "#client/lib/toast.ts";
import { FormDialog, FormDialogFooter } from "#client/components/forms/form-dialog.tsx";
import { FormField } from "#client/components/forms/form-field.tsx";
import { schemaResolver } from "#client/components/forms/schema-resolver.ts";
import { showServerErrors } from "#client/components/forms/server-errors.ts";
import { errorText } from "#client/features/income-spending/money-format.ts";
import { addDays } from "#shared/dates.ts";
import { cancelPolicySchema, type Policy } from "#shared/schemas/insurance.schema.ts";
import { today, useInsuranceFormat } from "./insurance-format.ts";
import { useCancelPolicy } from "./insurance.queries.ts";

type CancelValues = { endsOn: string };

const fieldOf = () => "endsOn" as const;
const resolver = schemaResolver(cancelPolicySchema, (values: CancelValues) => values, fieldOf);

/**
 * "Cancel this policy": the last day it covers (the day before its next renewal when it has
 * one, else today). It is kept as history and renews no more.
 */
export function CancelDialog({ policy, onClose }: { policy: Policy; onClose: () => void }) {
  const { t } = useTranslation("insurance");
  const format = useInsuranceFormat();
  const cancel = useCancelPolicy();
  const day = today();
  const lastDay = policy.nextRenewal ? addDays(policy.nextRenewal, -1) : day;
  const {
    register,
    setError,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<CancelValues>({
    resolver,
    defaultValues: { endsOn: lastDay < policy.startDate ? policy.startDate : lastDay },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await cancel.mutateAsync({ id: policy.id, input: values });
      toast.success(t("cancelForm.done"));
      onClose();
    } catch (error) {
      if (showServerErrors(error, setError, fieldOf)) return;
      toast.error(t("cancelForm.failed"), { description: errorText(t, error) });
    }
  });

  return (
    <FormDialog
      title={t("cancelForm.title")}
      description={t("cancelForm.description", {
        kind: format.kind(policy.kind),
        insurer: policy.insurer,
      })}
      closeLabel={t("close")}
      testId="policy-cancel-dialog"
      onClose={onClose}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid min-w-0 gap-4">
        <FormField
          label={t("cancelForm.endsOn")}
          error={errors.endsOn?.message}
          hint={t("cancelForm.endsOnHint")}
        >
          <DateInput autoFocus min={policy.startDate} {...register("endsOn")} />
        </FormField>
        <FormDialogFooter
          cancelLabel={t("cancelForm.keep")}
          onCancel={onClose}
          pending={isSubmitting || cancel.isPending}
        >
          {t("cancelForm.submit")}
        </FormDialogFooter>
      </form>
    </FormDialog>
  );
}
