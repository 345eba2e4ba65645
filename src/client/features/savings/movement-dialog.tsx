import { useId } from "react";
import { useForm, useWatch, type Path, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DateInput } from "#client/components/forms/date-input.tsx";
import { toast } from "#client/lib/toast.ts";
import { FormField } from "#client/components/forms/form-field.tsx";
import { MoneyInput } from "#client/components/forms/number-inputs.tsx";
import { schemaResolver } from "#client/components/forms/schema-resolver.ts";
import { Segmented } from "#client/components/forms/segmented.tsx";
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
import type { Account } from "#client/features/account/account.queries.ts";
import { errorText } from "#client/features/income-spending/money-format.ts";
import { amountForSchema } from "#client/features/transactions/amount-input.ts";
import { today } from "#shared/dates.ts";
import {
  addMovementSchema,
  movementInputKinds,
  type AccountSummary,
  type AddMovementInput,
} from "#shared/schemas/savings.schema.ts";
import { useSavingsFormat } from "./savings-format.ts";
import { useAddMovement, useDeleteMovement } from "./savings.queries.ts";
import { usePeople } from "./use-people.ts";

export type MovementInputKind = (typeof movementInputKinds)[number];

/** The "from" choice for the household's joint money (no member). */
export const joint = "joint";

export type MovementFormValues = {
  /** The account, where the form chooses it (putting money aside); else the dialog's. */
  accountId: string;
  kind: MovementInputKind;
  amount: string;
  occurredOn: string;
  note: string;
  source: string;
};

const fieldOfPath: Record<string, Path<MovementFormValues>> = {
  accountId: "accountId",
  kind: "kind",
  amountCents: "amount",
  occurredOn: "occurredOn",
  note: "note",
  sourceMemberId: "source",
};
export const fieldOf = (path: string): Path<MovementFormValues> =>
  fieldOfPath[path.split(".")[0] ?? ""] ?? "amount";

export function movementInput(values: MovementFormValues): AddMovementInput {
  return {
    kind: values.kind,
    amountCents: amountForSchema(values.amount) as number,
    occurredOn: values.occurredOn,
    note: values.note,
    sourceMemberId: values.kind === "deposit" && values.source !== joint ? values.source : null,
  };
}

export const movementResolver = schemaResolver(addMovementSchema, movementInput, fieldOf);

/** Whose money a deposit is by default: the owner's when one person owns the account. */
function defaultSource(target: AccountSummary): string {
  return target.owner.kind === "member" ? (target.owner.shares[0]?.memberId ?? joint) : joint;
}

/** "Deposit", "Withdraw" or "Add movement" on one account. */
export function MovementDialog({
  account,
  target,
  initialKind,
  onClose,
}: {
  account: Account;
  target: AccountSummary;
  initialKind: MovementInputKind;
  onClose: () => void;
}) {
  const { t } = useTranslation("savings");
  const format = useSavingsFormat();
  const uid = useId();
  const { people } = usePeople(account);
  const add = useAddMovement();
  const remove = useDeleteMovement();
  const form = useForm<MovementFormValues>({
    resolver: movementResolver,
    defaultValues: {
      accountId: target.id,
      kind: initialKind,
      amount: "",
      occurredOn: today(),
      note: "",
      source: defaultSource(target),
    },
  });
  const {
    control,
    setValue,
    setError,
    handleSubmit,
    formState: { isSubmitting, isSubmitted },
  } = form;
  const kind = useWatch({ control, name: "kind" });
  const rerun = () => {
    if (isSubmitted) void form.trigger();
  };

  const onSubmit = handleSubmit(async (values) => {
    const input = movementInput(values);
    try {
      const movement = await add.mutateAsync({ accountId: target.id, input });
      onClose();
      toast.success(
        t(`movementForm.booked.${values.kind}`, {
          amount: format.money(input.amountCents),
          name: target.name,
        }),
        {
          action: {
            label: t("undo"),
            // The form is gone by then: the promise, not mutate's callbacks, tells how it went.
            onClick: () =>
              void remove.mutateAsync(movement.id).then(
                () => toast.success(t("movementForm.undone")),
                (error: unknown) =>
                  toast.error(t("movementForm.undoFailed"), { description: errorText(t, error) }),
              ),
          },
        },
      );
    } catch (error) {
      if (showServerErrors(error, setError, fieldOf)) return;
      toast.error(t("movementForm.failed"), { description: errorText(t, error) });
    }
  });

  const busy = isSubmitting || add.isPending;

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="sm:max-w-md" closeLabel={t("close")} data-testid="movement-dialog">
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid min-w-0 gap-4">
          <DialogHeader>
            <DialogTitle>{t(`movementForm.title.${kind}`)}</DialogTitle>
            <DialogDescription>
              {t("movementForm.description", {
                name: target.name,
                balance: format.money(target.balanceCents),
              })}
            </DialogDescription>
          </DialogHeader>

          <Segmented
            name={`${uid}-kind`}
            legend={t("movementForm.kind")}
            value={kind}
            options={movementInputKinds.map((value) => ({
              value,
              label: t(`movementKinds.${value}`),
            }))}
            onChange={(value) => {
              setValue("kind", value);
              rerun();
            }}
          />

          <MovementFields
            form={form}
            people={people}
            withSource={kind === "deposit"}
            rerun={rerun}
          />

          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t("cancel")}
            </Button>
            <SubmitButton pending={busy}>{t(`movementForm.submit.${kind}`)}</SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * A movement's amount, date, whose money (a deposit) and note: the fields the account's dialog
 * and "Put aside" in the entry dialog share.
 */
export function MovementFields({
  form,
  people,
  withSource,
  rerun,
}: {
  form: UseFormReturn<MovementFormValues>;
  people: readonly { id: string; name: string }[];
  withSource: boolean;
  rerun: () => void;
}) {
  const { t } = useTranslation("savings");
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label={t("movementForm.amount")} error={errors.amount?.message}>
          <MoneyInput autoFocus {...register("amount", { onChange: rerun })} />
        </FormField>
        <FormField label={t("movementForm.date")} error={errors.occurredOn?.message}>
          <DateInput {...register("occurredOn", { onChange: rerun })} />
        </FormField>
      </div>

      {withSource ? (
        <FormField label={t("movementForm.from")} error={errors.source?.message}>
          <NativeSelect {...register("source", { onChange: rerun })}>
            <option value={joint}>{t("movementForm.jointMoney")}</option>
            {people.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      ) : null}

      <FormField label={t("movementForm.note")} error={errors.note?.message}>
        <Input autoComplete="off" placeholder={t("movementForm.noteHint")} {...register("note")} />
      </FormField>
    </>
  );
}
