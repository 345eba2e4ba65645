import { LoaderCircleIcon } from "lucide-react";
import { useId } from "react";
import { useForm, useWatch, type Path } from "react-hook-form";
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
import { NativeSelect } from "#client/components/ui/select.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import type { Account } from "#client/features/account/account.queries.ts";
import { errorText } from "#client/features/income-spending/money-format.ts";
import { amountForSchema } from "#client/features/transactions/amount-input.ts";
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
  FieldError,
  MoneyInput,
  PercentInput,
  fieldIds,
  invalidProps,
  schemaResolver,
  showServerErrors,
  useLanguage,
  usePeople,
} from "./form-parts.tsx";
import { OwnerFields, ownerInput, ownerValues, type OwnerValues } from "./owner-fields.tsx";
import { rateForSchema } from "./savings-format.ts";
import { useCreateAccount, useUpdateAccount } from "./savings.queries.ts";

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
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="sm:max-w-lg" closeLabel={t("close")} data-testid="account-dialog">
        <DialogHeader>
          <DialogTitle>
            {editing ? t("accountForm.editTitle") : t("accountForm.newTitle")}
          </DialogTitle>
          <DialogDescription>
            {editing ? t("accountForm.editDescription") : t("accountForm.newDescription")}
          </DialogDescription>
        </DialogHeader>
        {loading ? (
          <div className="grid gap-4" aria-busy="true">
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
            <Skeleton className="h-24" />
          </div>
        ) : (
          <AccountForm
            people={people}
            meId={account.member.id}
            editing={editing}
            scopeMemberId={scopeMemberId}
            onDone={onClose}
          />
        )}
      </DialogContent>
    </Dialog>
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
  const uid = useId();
  const create = useCreateAccount();
  const update = useUpdateAccount();
  const form = useForm<AccountFormValues>({
    resolver: editing ? updateResolver : createResolver,
    defaultValues: {
      name: editing?.name ?? "",
      institution: editing?.institution ?? "",
      kind: editing?.kind ?? "savings",
      ...ownerValues(
        editing?.owner ??
          (scopeMemberId
            ? { kind: "member", shares: [{ memberId: scopeMemberId, percentBp: 10_000 }] }
            : null),
        people,
        language,
        meId,
      ),
      rate: "",
      openingBalance: "",
      openedOn: today(),
      closed: editing?.closed ?? false,
    },
  });
  const {
    register,
    control,
    setValue,
    setError,
    handleSubmit,
    formState: { errors, isSubmitting, isSubmitted },
  } = form;
  const values = useWatch({ control }) as AccountFormValues;
  const rerun = () => {
    if (isSubmitted) void form.trigger();
  };
  const ids = (name: string) => fieldIds(uid, name);

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
      <div className="grid gap-2">
        <Label htmlFor={ids("name").input}>{t("accountForm.name")}</Label>
        <Input
          id={ids("name").input}
          autoComplete="off"
          autoFocus
          placeholder={t("accountForm.nameHint")}
          {...invalidProps(ids("name"), errors.name?.message)}
          {...register("name", { onChange: rerun })}
        />
        <FieldError id={ids("name").error} message={errors.name?.message} />
      </div>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={ids("institution").input}>{t("accountForm.institution")}</Label>
          <Input
            id={ids("institution").input}
            autoComplete="off"
            placeholder={t("accountForm.institutionHint")}
            {...invalidProps(ids("institution"), errors.institution?.message)}
            {...register("institution")}
          />
          <FieldError id={ids("institution").error} message={errors.institution?.message} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids("kind").input}>{t("accountForm.kind")}</Label>
          <NativeSelect id={ids("kind").input} {...register("kind")}>
            {savingsKinds.map((kind) => (
              <option key={kind} value={kind}>
                {t(`kinds.${kind}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      <OwnerFields
        uid={uid}
        values={values}
        people={people}
        language={language}
        errors={{ memberId: errors.memberId?.message, shares: errors.shares?.message }}
        onChange={(changes) => {
          for (const [key, value] of Object.entries(changes)) {
            setValue(key as keyof OwnerValues, value as never);
          }
          rerun();
        }}
        registerMember={register("memberId", { onChange: rerun })}
        registerShare={(index) => register(`shares.${index}.value`, { onChange: rerun })}
      />

      {editing ? (
        <label className="flex items-start gap-3 rounded-lg border p-3 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-primary"
            {...register("closed")}
          />
          <span className="grid gap-0.5">
            <span className="font-medium">{t("accountForm.closed")}</span>
            <span className="text-muted-foreground">{t("accountForm.closedHint")}</span>
          </span>
        </label>
      ) : (
        <>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={ids("opening").input}>{t("accountForm.openingBalance")}</Label>
              <MoneyInput
                id={ids("opening").input}
                {...invalidProps(ids("opening"), errors.openingBalance?.message)}
                {...register("openingBalance", { onChange: rerun })}
              />
              <FieldError id={ids("opening").error} message={errors.openingBalance?.message} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={ids("opened").input}>{t("accountForm.openedOn")}</Label>
              <Input
                id={ids("opened").input}
                type="date"
                {...invalidProps(ids("opened"), errors.openedOn?.message)}
                {...register("openedOn", { onChange: rerun })}
              />
              <FieldError id={ids("opened").error} message={errors.openedOn?.message} />
            </div>
          </div>
          <div className="grid gap-2 sm:max-w-[calc(50%-0.5rem)]">
            <Label htmlFor={ids("rate").input}>{t("accountForm.rate")}</Label>
            <PercentInput
              id={ids("rate").input}
              {...invalidProps(ids("rate"), errors.rate?.message)}
              {...register("rate", { onChange: rerun })}
            />
            <FieldError id={ids("rate").error} message={errors.rate?.message} />
          </div>
          <p className="text-sm text-muted-foreground">{t("accountForm.openingHint")}</p>
        </>
      )}

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t("cancel")}
        </Button>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
          {editing ? t("accountForm.save") : t("accountForm.create")}
        </Button>
      </DialogFooter>
    </form>
  );
}
