import { useId } from "react";
import { useForm, useWatch, type Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DateInput } from "#client/components/forms/date-input.tsx";
import { toast } from "#client/lib/toast.ts";
import { FormDialog, FormDialogFooter } from "#client/components/forms/form-dialog.tsx";
import { FormField } from "#client/components/forms/form-field.tsx";
import { MoneyInput } from "#client/components/forms/number-inputs.tsx";
import { schemaResolver } from "#client/components/forms/schema-resolver.ts";
import { Segmented } from "#client/components/forms/segmented.tsx";
import { showServerErrors } from "#client/components/forms/server-errors.ts";
import { Input } from "#client/components/ui/input.tsx";
import { NativeSelect } from "#client/components/ui/select.tsx";
import type { Account } from "#client/features/account/account.queries.ts";
import { errorText } from "#client/features/income-spending/money-format.ts";
import { amountForSchema, formatCentsInput } from "#client/features/transactions/amount-input.ts";
import { today } from "#shared/dates.ts";
import {
  createTaxItemSchema,
  isRefund,
  maxInstallments,
  taxItemInputSchema,
  taxItemKinds,
  type CreateTaxItemInput,
  type TaxItem,
  type TaxItemKind,
  type TaxItemStatus,
} from "#shared/schemas/taxes.schema.ts";
import { useTaxesFormat } from "./taxes-format.ts";
import { useCreateTaxItems, useUpdateTaxItem } from "./taxes.queries.ts";
import { household, WhoseSelect } from "./whose-select.tsx";

type Direction = "payment" | "refund";
/** Whether the money has moved yet: paid or received (done), due or to receive (open). */
type Settled = "open" | "done";

export type ItemFormValues = {
  direction: Direction;
  settled: Settled;
  kind: TaxItemKind;
  year: string;
  amount: string;
  onDate: string;
  installments: string;
  whose: string;
  description: string;
};

export function statusOf(direction: Direction, settled: Settled): TaxItemStatus {
  if (direction === "refund") return settled === "done" ? "received" : "to-receive";
  return settled === "done" ? "paid" : "due";
}

/** The form's values as the request (`installments` only for a new item). */
export function itemInput(values: ItemFormValues): CreateTaxItemInput {
  return {
    year: Number(values.year.trim()),
    kind: values.kind,
    status: statusOf(values.direction, values.settled),
    amountCents: amountForSchema(values.amount) as number,
    onDate: values.onDate,
    description: values.description,
    memberId: values.whose === household ? null : values.whose,
    installments: Number(values.installments),
  };
}

const fieldOfPath: Record<string, Path<ItemFormValues>> = {
  year: "year",
  kind: "kind",
  status: "settled",
  amountCents: "amount",
  onDate: "onDate",
  installments: "installments",
  memberId: "whose",
  description: "description",
};
const fieldOf = (path: string): Path<ItemFormValues> =>
  fieldOfPath[path.split(".")[0] ?? ""] ?? "amount";

const createResolver = schemaResolver(createTaxItemSchema, itemInput, fieldOf);
const editResolver = schemaResolver(
  taxItemInputSchema,
  (values: ItemFormValues) => ({ ...itemInput(values), installments: undefined }),
  fieldOf,
);

/** A good first day for a new item in `year`: today in this year, 1 January of another one. */
function firstDay(year: number): string {
  const day = today();
  return day.startsWith(`${year}-`) ? day : `${year}-01-01`;
}

/** "Add a payment or refund" for the year, or change one (`editing`). */
export function ItemDialog({
  account,
  year,
  editing,
  scopeMemberId,
  onClose,
}: {
  account: Account;
  year: number;
  editing: TaxItem | null;
  scopeMemberId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation("taxes");
  const format = useTaxesFormat();
  const uid = useId();
  const create = useCreateTaxItems();
  const update = useUpdateTaxItem();
  const form = useForm<ItemFormValues>({
    resolver: editing ? editResolver : createResolver,
    defaultValues: editing
      ? {
          direction: isRefund(editing.status) ? "refund" : "payment",
          settled: editing.status === "paid" || editing.status === "received" ? "done" : "open",
          kind: editing.kind,
          year: String(editing.year),
          amount: formatCentsInput(editing.amountCents, format.language),
          onDate: editing.onDate,
          installments: "1",
          whose: editing.memberId ?? household,
          description: editing.description ?? "",
        }
      : {
          direction: "payment",
          settled: "open",
          kind: "provisional-assessment",
          year: String(year),
          amount: "",
          onDate: firstDay(year),
          installments: "1",
          whose: scopeMemberId ?? household,
          description: "",
        },
  });
  const {
    control,
    register,
    setValue,
    setError,
    handleSubmit,
    formState: { errors, isSubmitting, isSubmitted },
  } = form;
  const direction = useWatch({ control, name: "direction" });
  const settled = useWatch({ control, name: "settled" });
  const installments = Number(useWatch({ control, name: "installments" }));
  const rerun = () => {
    if (isSubmitted) void form.trigger();
  };
  const spread = !editing && installments > 1;

  const onSubmit = handleSubmit(async (values) => {
    const input = itemInput(values);
    try {
      if (editing) {
        const { installments: _terms, ...change } = input;
        await update.mutateAsync({ id: editing.id, input: change });
        toast.success(t("itemForm.saved"));
      } else {
        const { items } = await create.mutateAsync(input);
        toast.success(
          items.length > 1
            ? t("itemForm.addedTerms", {
                count: items.length,
                amount: format.money(input.amountCents),
              })
            : t(`itemForm.added.${values.direction}`, { amount: format.money(input.amountCents) }),
        );
      }
      onClose();
    } catch (error) {
      if (showServerErrors(error, setError, fieldOf)) return;
      toast.error(t("itemForm.failed"), { description: errorText(t, error) });
    }
  });

  return (
    <FormDialog
      title={editing ? t("itemForm.editTitle") : t("itemForm.title")}
      description={t("itemForm.description")}
      closeLabel={t("close")}
      testId="tax-item-dialog"
      onClose={onClose}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid min-w-0 gap-4">
        <Segmented
          name={`${uid}-direction`}
          legend={t("itemForm.direction")}
          value={direction}
          options={(["payment", "refund"] as const).map((value) => ({
            value,
            label: t(`itemForm.directions.${value}`),
          }))}
          onChange={(value) => {
            setValue("direction", value);
            rerun();
          }}
        />

        <div className="grid items-start gap-4 sm:grid-cols-[1fr_7rem]">
          <FormField label={t("itemForm.kind")} error={errors.kind?.message}>
            <NativeSelect {...register("kind", { onChange: rerun })}>
              {taxItemKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {format.labels.itemKind[kind]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label={t("itemForm.year")} error={errors.year?.message}>
            <Input
              inputMode="numeric"
              autoComplete="off"
              {...register("year", { onChange: rerun })}
            />
          </FormField>
        </div>

        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField
            label={spread ? t("itemForm.total") : t("itemForm.amount")}
            error={errors.amount?.message}
          >
            <MoneyInput autoFocus {...register("amount", { onChange: rerun })} />
          </FormField>
          <FormField
            label={spread ? t("itemForm.firstTerm") : t(`itemForm.date.${direction}`)}
            error={errors.onDate?.message}
          >
            <DateInput {...register("onDate", { onChange: rerun })} />
          </FormField>
        </div>

        {editing ? null : (
          <FormField
            label={t("itemForm.installments")}
            hint={spread ? t(`itemForm.installmentsHint.${direction}`) : undefined}
            error={errors.installments?.message}
          >
            <NativeSelect {...register("installments", { onChange: rerun })}>
              {Array.from({ length: maxInstallments }, (_, index) => index + 1).map((count) => (
                <option key={count} value={String(count)}>
                  {count === 1 ? t("itemForm.once") : t("itemForm.terms", { count })}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        )}

        {spread ? null : (
          <Segmented
            name={`${uid}-settled`}
            legend={t("itemForm.status")}
            showLegend
            value={settled}
            options={(["open", "done"] as const).map((value) => ({
              value,
              label: format.labels.itemStatus[statusOf(direction, value)],
            }))}
            onChange={(value) => {
              setValue("settled", value);
              rerun();
            }}
          />
        )}

        <WhoseSelect
          account={account}
          label={t("itemForm.whose")}
          error={errors.whose?.message}
          householdLabel={t("whose.household")}
          current={editing?.memberId ?? null}
          {...register("whose", { onChange: rerun })}
        />

        <FormField label={t("itemForm.note")} error={errors.description?.message}>
          <Input
            autoComplete="off"
            placeholder={t("itemForm.noteHint")}
            {...register("description", { onChange: rerun })}
          />
        </FormField>

        <FormDialogFooter
          cancelLabel={t("cancel")}
          onCancel={onClose}
          pending={isSubmitting || create.isPending || update.isPending}
        >
          {editing ? t("itemForm.save") : t("itemForm.add")}
        </FormDialogFooter>
      </form>
    </FormDialog>
  );
}
