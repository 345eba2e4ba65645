import { LoaderCircleIcon } from "lucide-react";
import { useId } from "react";
import { useForm, type Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
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
import { NativeSelect } from "#client/components/ui/select.tsx";
import { errorText } from "#client/features/income-spending/money-format.ts";
import {
  FieldError,
  fieldIds,
  invalidProps,
  schemaResolver,
  showServerErrors,
} from "#client/features/savings/form-parts.tsx";
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
  const uid = useId();
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
  const ids = (name: string) => fieldIds(uid, name);
  const currencyHintId = `${ids("currency").input}-hint`;

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
      <div className="grid gap-2">
        <Label htmlFor={ids("name").input}>{t("holdingForm.name")}</Label>
        <Input
          id={ids("name").input}
          autoComplete="off"
          autoFocus
          placeholder={t("holdingForm.nameHint")}
          {...invalidProps(ids("name"), errors.name?.message)}
          {...register("name", { onChange: rerun })}
        />
        <FieldError id={ids("name").error} message={errors.name?.message} />
      </div>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={ids("symbol").input}>{t("holdingForm.symbol")}</Label>
          <Input
            id={ids("symbol").input}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder={t("holdingForm.symbolHint")}
            {...invalidProps(ids("symbol"), errors.symbol?.message)}
            {...register("symbol", { onChange: rerun })}
          />
          <FieldError id={ids("symbol").error} message={errors.symbol?.message} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids("isin").input}>{t("holdingForm.isin")}</Label>
          <Input
            id={ids("isin").input}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="IE00B3RBWM25"
            className="uppercase placeholder:normal-case"
            {...invalidProps(ids("isin"), errors.isin?.message)}
            {...register("isin", { onChange: rerun })}
          />
          <FieldError id={ids("isin").error} message={errors.isin?.message} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids("kind").input}>{t("holdingForm.kind")}</Label>
          <NativeSelect
            id={ids("kind").input}
            {...invalidProps(ids("kind"), errors.kind?.message)}
            {...register("kind")}
          >
            {holdingKinds.map((kind) => (
              <option key={kind} value={kind}>
                {t(`kinds.${kind}`)}
              </option>
            ))}
          </NativeSelect>
          <FieldError id={ids("kind").error} message={errors.kind?.message} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids("currency").input}>{t("holdingForm.currency")}</Label>
          <Input
            id={ids("currency").input}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={3}
            placeholder="EUR"
            className="uppercase placeholder:normal-case"
            {...invalidProps(ids("currency"), errors.currency?.message)}
            aria-describedby={[
              errors.currency?.message ? ids("currency").error : null,
              currencyHintId,
            ]
              .filter(Boolean)
              .join(" ")}
            {...register("currency", { onChange: rerun })}
          />
          <p id={currencyHintId} className="text-xs text-muted-foreground">
            {holding ? t("holdingForm.currencyEditHint") : t("holdingForm.currencyHint")}
          </p>
          <FieldError id={ids("currency").error} message={errors.currency?.message} />
        </div>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t("cancel")}
        </Button>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
          {holding ? t("holdingForm.save") : t("holdingForm.create")}
        </Button>
      </DialogFooter>
    </form>
  );
}
