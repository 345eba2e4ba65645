import { useForm, type Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "#client/lib/toast.ts";
import { FormField } from "#client/components/forms/form-field.tsx";
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
import {
  holdingInputSchema,
  holdingKinds,
  type HoldingInput,
  type HoldingKind,
} from "#shared/schemas/investments.schema.ts";
import { useCreateHolding, useUpdateHolding } from "./investments.queries.ts";

/** The holding to edit, as the dialog needs it. */
export type EditedHolding = {
  id: string;
  name: string;
  symbol: string | null;
  isin: string | null;
  kind: HoldingKind;
  currency: string;
};

type HoldingFormValues = {
  name: string;
  symbol: string;
  isin: string;
  kind: HoldingKind;
  currency: string;
};

const fieldOfPath: Record<string, Path<HoldingFormValues>> = {
  name: "name",
  symbol: "symbol",
  isin: "isin",
  kind: "kind",
  currency: "currency",
};
const fieldOf = (path: string): Path<HoldingFormValues> =>
  fieldOfPath[path.split(".")[0] ?? ""] ?? "name";

const holdingInput = (values: HoldingFormValues): HoldingInput => ({
  name: values.name,
  symbol: values.symbol,
  isin: values.isin.replace(/\s/g, ""),
  kind: values.kind,
  currency: values.currency,
});

const resolver = schemaResolver(holdingInputSchema, holdingInput, fieldOf);

/** The page of one holding. */
const holdingPath = (id: string) => `/dashboard/investments/holdings/${id}`;

/**
 * "New holding" in a portfolio, or "Edit holding": its name, symbol, ISIN, kind and currency.
 * Escape, Cancel or the close button close it.
 */
export function HoldingDialog({
  open,
  onOpenChange,
  portfolioId,
  holding,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  portfolioId: string;
  holding?: EditedHolding;
}) {
  const { t } = useTranslation("holdings");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg" closeLabel={t("close")} data-testid="holding-dialog">
        <DialogHeader>
          <DialogTitle>
            {holding ? t("holdingForm.editTitle") : t("holdingForm.newTitle")}
          </DialogTitle>
          <DialogDescription>
            {holding ? t("holdingForm.editDescription") : t("holdingForm.newDescription")}
          </DialogDescription>
        </DialogHeader>
        {/* The form mounts with the dialog, so every opening starts from the holding's values. */}
        <HoldingForm
          portfolioId={portfolioId}
          holding={holding}
          onDone={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}

function HoldingForm({
  portfolioId,
  holding,
  onDone,
}: {
  portfolioId: string;
  holding: EditedHolding | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation("holdings");
  const navigate = useNavigate();
  const create = useCreateHolding();
  const update = useUpdateHolding();
  const {
    register,
    setError,
    handleSubmit,
    trigger,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<HoldingFormValues>({
    resolver,
    defaultValues: {
      name: holding?.name ?? "",
      symbol: holding?.symbol ?? "",
      isin: holding?.isin ?? "",
      kind: holding?.kind ?? "etf",
      currency: holding?.currency ?? "EUR",
    },
  });
  const rerun = () => {
    if (isSubmitted) void trigger();
  };

  const onSubmit = handleSubmit(async (values) => {
    const input = holdingInput(values);
    const name = values.name.trim();
    try {
      if (holding) {
        await update.mutateAsync({ id: holding.id, input });
        toast.success(t("holdingForm.saved", { name }));
      } else {
        const created = await create.mutateAsync({ portfolioId, input });
        toast.success(t("holdingForm.created", { name }), {
          action: {
            label: t("holdingForm.open"),
            onClick: () => void navigate(holdingPath(created.id)),
          },
        });
      }
      onDone();
    } catch (error) {
      if (showServerErrors(error, setError, fieldOf)) return;
      toast.error(t("holdingForm.failed"), { description: errorText(t, error) });
    }
  });
  const busy = isSubmitting || create.isPending || update.isPending;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid min-w-0 gap-4">
      <FormField label={t("holdingForm.name")} error={errors.name?.message}>
        <Input
          autoComplete="off"
          autoFocus
          placeholder={t("holdingForm.nameHint")}
          {...register("name", { onChange: rerun })}
        />
      </FormField>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label={t("holdingForm.symbol")} error={errors.symbol?.message}>
          <Input
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder={t("holdingForm.symbolHint")}
            {...register("symbol", { onChange: rerun })}
          />
        </FormField>
        <FormField label={t("holdingForm.isin")} error={errors.isin?.message}>
          <Input
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="IE00B3RBWM25"
            className="uppercase placeholder:normal-case"
            {...register("isin", { onChange: rerun })}
          />
        </FormField>
        <FormField label={t("holdingForm.kind")} error={errors.kind?.message}>
          <NativeSelect {...register("kind")}>
            {holdingKinds.map((kind) => (
              <option key={kind} value={kind}>
                {t(`kinds.${kind}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          label={t("holdingForm.currency")}
          hint={holding ? t("holdingForm.currencyEditHint") : t("holdingForm.currencyHint")}
          error={errors.currency?.message}
        >
          <Input
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={3}
            placeholder="EUR"
            className="uppercase placeholder:normal-case"
            {...register("currency", { onChange: rerun })}
          />
        </FormField>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t("cancel")}
        </Button>
        <SubmitButton pending={busy}>
          {holding ? t("holdingForm.save") : t("holdingForm.create")}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
