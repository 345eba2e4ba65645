import { useForm, type Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DateInput } from "#client/components/forms/date-input.tsx";
import { toast } from "#client/lib/toast.ts";
import { CheckboxCard } from "#client/components/forms/checkbox-card.tsx";
import { FormDialog, FormDialogFooter } from "#client/components/forms/form-dialog.tsx";
import { FormField } from "#client/components/forms/form-field.tsx";
import { MoneyInput, PercentInput } from "#client/components/forms/number-inputs.tsx";
import { schemaResolver } from "#client/components/forms/schema-resolver.ts";
import { showServerErrors } from "#client/components/forms/server-errors.ts";
import { Input } from "#client/components/ui/input.tsx";
import { NativeSelect } from "#client/components/ui/select.tsx";
import type { Account } from "#client/features/account/account.queries.ts";
import { errorText } from "#client/features/income-spending/money-format.ts";
import { amountForSchema } from "#client/features/transactions/amount-input.ts";
import { useLanguage } from "#client/lib/use-language.ts";
import { today } from "#shared/dates.ts";
import {
  createAccountSchema,
  savingsKinds,
  updateAccountSchema,
  type AccountSummary,
  type CreateAccountInput,
  type SavingsKind,
  type UpdateAccountInput,
} from "#shared/schemas/savings.schema.ts";
import {
  OwnerFields,
  ownerInput,
  ownerValues,
  scopeOwner,
  type OwnerValues,
} from "./owner-fields.tsx";
import { rateForSchema } from "./savings-format.ts";
import { useCreateAccount, useUpdateAccount } from "./savings.queries.ts";
import { usePeople } from "./use-people.ts";

type AccountFormValues = OwnerValues & {
  name: string;
  institution: string;
  kind: SavingsKind;
  rate: string;
  openingBalance: string;
  openedOn: string;
  closed: boolean;
};

const fieldOfPath: Record<string, Path<AccountFormValues>> = {
  name: "name",
  institution: "institution",
  kind: "kind",
  ownerKind: "ownerKind",
  memberId: "memberId",
  shares: "shares",
  rateBp: "rate",
  openingBalanceCents: "openingBalance",
  openedOn: "openedOn",
  closed: "closed",
};
const fieldOf = (path: string): Path<AccountFormValues> =>
  fieldOfPath[path.split(".")[0] ?? ""] ?? "name";

function createInput(values: AccountFormValues): CreateAccountInput {
  return {
    name: values.name,
    institution: values.institution,
    kind: values.kind,
    ...ownerInput(values),
    rateBp: rateForSchema(values.rate),
    openingBalanceCents: amountForSchema(values.openingBalance),
    openedOn: values.openedOn,
  };
}

function updateInput(values: AccountFormValues): UpdateAccountInput {
  return {
    name: values.name,
    institution: values.institution,
    kind: values.kind,
    ...ownerInput(values),
    closed: values.closed,
  };
}

const createResolver = schemaResolver(createAccountSchema, createInput, fieldOf);
const updateResolver = schemaResolver(updateAccountSchema, updateInput, fieldOf);

/** "New account" or "Edit account": a dialog over the page, closed by Escape or Cancel. */
export function AccountDialog({
  account,
  editing,
  scopeMemberId = null,
  onClose,
}: {
  account: Account;
  /** The account to edit; null for a new one. */
  editing: AccountSummary | null;
  /** The scope picker's member: a new account is theirs unless changed. */
  scopeMemberId?: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation("savings");
  const { people, loading } = usePeople(account);
  return (
    <FormDialog
      title={editing ? t("accountForm.editTitle") : t("accountForm.newTitle")}
      description={editing ? t("accountForm.editDescription") : t("accountForm.newDescription")}
      closeLabel={t("close")}
      testId="account-dialog"
      loading={loading}
      onClose={onClose}
    >
      <AccountForm
        people={people}
        meId={account.member.id}
        editing={editing}
        scopeMemberId={scopeMemberId}
        onDone={onClose}
      />
    </FormDialog>
  );
}

function AccountForm({
  people,
  meId,
  editing,
  scopeMemberId,
  onDone,
}: {
  people: ReturnType<typeof usePeople>["people"];
  meId: string;
  editing: AccountSummary | null;
  scopeMemberId: string | null;
  onDone: () => void;
}) {
  const { t } = useTranslation("savings");
  const language = useLanguage();
  const create = useCreateAccount();
  const update = useUpdateAccount();
  const form = useForm<AccountFormValues>({
    resolver: editing ? updateResolver : createResolver,
    defaultValues: {
      name: editing?.name ?? "",
      institution: editing?.institution ?? "",
      kind: editing?.kind ?? "savings",
      ...ownerValues(editing?.owner ?? scopeOwner(scopeMemberId), people, language, meId),
      rate: "",
      openingBalance: "",
      openedOn: today(),
      closed: editing?.closed ?? false,
    },
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

  const onSubmit = handleSubmit(async (formValues) => {
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, input: updateInput(formValues) });
        toast.success(t("accountForm.saved", { name: formValues.name.trim() }));
      } else {
        await create.mutateAsync(createInput(formValues));
        toast.success(t("accountForm.created", { name: formValues.name.trim() }));
      }
      onDone();
    } catch (error) {
      if (showServerErrors(error, setError, fieldOf)) return;
      toast.error(t("accountForm.failed"), { description: errorText(t, error) });
    }
  });

  const busy = isSubmitting || create.isPending || update.isPending;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid min-w-0 gap-4">
      <FormField label={t("accountForm.name")} error={errors.name?.message}>
        <Input
          autoComplete="off"
          autoFocus
          placeholder={t("accountForm.nameHint")}
          {...register("name", { onChange: rerun })}
        />
      </FormField>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label={t("accountForm.institution")} error={errors.institution?.message}>
          <Input
            autoComplete="off"
            placeholder={t("accountForm.institutionHint")}
            {...register("institution")}
          />
        </FormField>
        <FormField label={t("accountForm.kind")} error={errors.kind?.message}>
          <NativeSelect {...register("kind")}>
            {savingsKinds.map((kind) => (
              <option key={kind} value={kind}>
                {t(`kinds.${kind}`)}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>

      <OwnerFields form={form} people={people} rerun={rerun} />

      {editing ? (
        <CheckboxCard
          label={t("accountForm.closed")}
          description={t("accountForm.closedHint")}
          {...register("closed")}
        />
      ) : (
        <>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <FormField
              label={t("accountForm.openingBalance")}
              error={errors.openingBalance?.message}
            >
              <MoneyInput {...register("openingBalance", { onChange: rerun })} />
            </FormField>
            <FormField label={t("accountForm.openedOn")} error={errors.openedOn?.message}>
              <DateInput {...register("openedOn", { onChange: rerun })} />
            </FormField>
          </div>
          <FormField
            label={t("accountForm.rate")}
            error={errors.rate?.message}
            className="sm:max-w-[calc(50%-0.5rem)]"
          >
            <PercentInput {...register("rate", { onChange: rerun })} />
          </FormField>
          <p className="text-sm text-muted-foreground">{t("accountForm.openingHint")}</p>
        </>
      )}

      <FormDialogFooter cancelLabel={t("cancel")} onCancel={onDone} pending={busy}>
        {editing ? t("accountForm.save") : t("accountForm.create")}
      </FormDialogFooter>
    </form>
  );
}
