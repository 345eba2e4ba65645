import { PiggyBankIcon, SaveIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "#client/lib/toast.ts";
import { FormField } from "#client/components/forms/form-field.tsx";
import { showServerErrors } from "#client/components/forms/server-errors.ts";
import { SubmitButton } from "#client/components/forms/submit-button.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { NativeSelect } from "#client/components/ui/select.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import type { Account } from "#client/features/account/account.queries.ts";
import { errorText } from "#client/features/income-spending/money-format.ts";
import { today } from "#shared/dates.ts";
import {
  MovementFields,
  fieldOf,
  joint,
  movementInput,
  movementResolver,
  type MovementFormValues,
} from "./movement-dialog.tsx";
import { useSavingsFormat } from "./savings-format.ts";
import { useAddMovement, useDeleteMovement, useSavingsAccounts } from "./savings.queries.ts";
import { usePeople } from "./use-people.ts";

/**
 * "Put aside" in the entry dialog: a deposit to a savings account, from the joint money or a
 * member's. It is a savings movement, never an entry, so spending and budgets never count it
 * (decision 019). `kindSwitch` is the dialog's expense / income / put-aside choice.
 */
export function PutAsideForm({
  account,
  kindSwitch,
  onDone,
}: {
  account: Account;
  kindSwitch: ReactNode;
  onDone: () => void;
}) {
  const { t } = useTranslation("savings");
  const format = useSavingsFormat();
  const { people } = usePeople(account);
  const accounts = useSavingsAccounts(null);
  const open = (accounts.data?.accounts ?? []).filter((row) => !row.closed);
  const add = useAddMovement();
  const remove = useDeleteMovement();
  const form = useForm<MovementFormValues>({
    resolver: async (values, context, options) => {
      if (!values.accountId) {
        return {
          values: {},
          errors: { accountId: { type: "required", message: "accountRequired" } },
        };
      }
      return movementResolver(values, context, options);
    },
    values: {
      accountId: open[0]?.id ?? "",
      kind: "deposit",
      amount: "",
      occurredOn: today(),
      source: joint,
      note: "",
    },
    resetOptions: { keepDirtyValues: true },
  });
  const {
    register,
    setError,
    handleSubmit,
    formState: { errors, isSubmitting, isSubmitted },
  } = form;
  const rerun = () => {
    if (isSubmitted) void form.trigger();
  };

  const onSubmit = handleSubmit(async (values) => {
    const input = movementInput(values);
    const target = open.find((row) => row.id === values.accountId);
    try {
      const movement = await add.mutateAsync({ accountId: values.accountId, input });
      onDone();
      toast.success(
        t("putAside.done", { amount: format.money(input.amountCents), name: target?.name ?? "" }),
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

  let body: ReactNode;
  if (accounts.isPending) {
    body = (
      <div className="grid gap-4" aria-busy="true">
        <Skeleton className="h-9" />
        <Skeleton className="h-9" />
      </div>
    );
  } else if (open.length === 0) {
    body = (
      <div className="grid justify-items-center gap-3 rounded-lg border border-dashed p-6 text-center">
        <PiggyBankIcon className="size-6 text-primary" aria-hidden="true" />
        <p className="text-sm text-muted-foreground text-pretty">{t("putAside.noAccounts")}</p>
        <Button asChild variant="outline" size="sm">
          <Link to="/dashboard/saving" onClick={onDone}>
            {t("putAside.openAccount")}
          </Link>
        </Button>
      </div>
    );
  } else {
    body = (
      <>
        <p className="text-sm text-muted-foreground">{t("putAside.explain")}</p>
        <FormField label={t("putAside.account")} error={errors.accountId?.message}>
          <NativeSelect {...register("accountId", { onChange: rerun })}>
            {open.map((row) => (
              <option key={row.id} value={row.id}>
                {row.name} · {format.money(row.balanceCents)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <MovementFields form={form} people={people} withSource rerun={rerun} />
      </>
    );
  }

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="flex min-h-0 min-w-0 flex-1 flex-col"
      aria-label={t("putAside.title")}
      data-testid="put-aside-form"
    >
      <div className="grid min-h-0 min-w-0 gap-4 overflow-y-auto px-6 pt-1 pb-4">
        {kindSwitch}
        {body}
      </div>
      <div className="flex shrink-0 flex-col-reverse gap-2 border-t px-6 py-4 sm:flex-row sm:items-center">
        <Button type="button" variant="outline" className="sm:ml-auto" onClick={onDone}>
          {t("cancel")}
        </Button>
        <SubmitButton
          pending={busy}
          disabled={open.length === 0}
          icon={<SaveIcon aria-hidden="true" />}
        >
          {t("putAside.submit")}
        </SubmitButton>
      </div>
    </form>
  );
}
