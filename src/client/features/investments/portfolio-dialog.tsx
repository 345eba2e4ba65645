import { useForm, type Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "#client/lib/toast.ts";
import { CheckboxCard } from "#client/components/forms/checkbox-card.tsx";
import { FormDialog, FormDialogFooter } from "#client/components/forms/form-dialog.tsx";
import { FormField } from "#client/components/forms/form-field.tsx";
import { schemaResolver } from "#client/components/forms/schema-resolver.ts";
import { showServerErrors } from "#client/components/forms/server-errors.ts";
import { Input } from "#client/components/ui/input.tsx";
import type { Account } from "#client/features/account/account.queries.ts";
import { errorText } from "#client/features/income-spending/money-format.ts";
import {
  OwnerFields,
  ownerInput,
  ownerValues,
  scopeOwner,
  type OwnerValues,
} from "#client/features/savings/owner-fields.tsx";
import { usePeople } from "#client/features/savings/use-people.ts";
import { useLanguage } from "#client/lib/use-language.ts";
import {
  createPortfolioSchema,
  updatePortfolioSchema,
  type CreatePortfolioInput,
  type PortfolioSummary,
  type UpdatePortfolioInput,
} from "#shared/schemas/investments.schema.ts";
import { useCreatePortfolio, useUpdatePortfolio } from "./investments.queries.ts";

type PortfolioFormValues = OwnerValues & { name: string; broker: string; closed: boolean };

const fieldOfPath: Record<string, Path<PortfolioFormValues>> = {
  name: "name",
  broker: "broker",
  ownerKind: "ownerKind",
  memberId: "memberId",
  shares: "shares",
  closed: "closed",
};
const fieldOf = (path: string): Path<PortfolioFormValues> =>
  fieldOfPath[path.split(".")[0] ?? ""] ?? "name";

function createInput(values: PortfolioFormValues): CreatePortfolioInput {
  return { name: values.name, broker: values.broker, ...ownerInput(values) };
}

function updateInput(values: PortfolioFormValues): UpdatePortfolioInput {
  return { ...createInput(values), ...ownerInput(values), closed: values.closed };
}

const createResolver = schemaResolver(createPortfolioSchema, createInput, fieldOf);
const updateResolver = schemaResolver(updatePortfolioSchema, updateInput, fieldOf);

/** "New portfolio" or "Edit portfolio": name, broker and owner, like a savings account's. */
export function PortfolioDialog({
  account,
  editing,
  scopeMemberId = null,
  onClose,
}: {
  account: Account;
  editing: PortfolioSummary | null;
  scopeMemberId?: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation("investments");
  const { people, loading } = usePeople(account);
  return (
    <FormDialog
      title={editing ? t("portfolioForm.editTitle") : t("portfolioForm.newTitle")}
      description={t("portfolioForm.description")}
      closeLabel={t("close")}
      testId="portfolio-dialog"
      loading={loading}
      onClose={onClose}
    >
      <PortfolioForm
        people={people}
        meId={account.member.id}
        editing={editing}
        scopeMemberId={scopeMemberId}
        onDone={onClose}
      />
    </FormDialog>
  );
}

function PortfolioForm({
  people,
  meId,
  editing,
  scopeMemberId,
  onDone,
}: {
  people: ReturnType<typeof usePeople>["people"];
  meId: string;
  editing: PortfolioSummary | null;
  scopeMemberId: string | null;
  onDone: () => void;
}) {
  const { t } = useTranslation("investments");
  const language = useLanguage();
  const create = useCreatePortfolio();
  const update = useUpdatePortfolio();
  const form = useForm<PortfolioFormValues>({
    resolver: editing ? updateResolver : createResolver,
    defaultValues: {
      name: editing?.name ?? "",
      broker: editing?.broker ?? "",
      ...ownerValues(editing?.owner ?? scopeOwner(scopeMemberId), people, language, meId),
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
        toast.success(t("portfolioForm.saved", { name: formValues.name.trim() }));
      } else {
        await create.mutateAsync(createInput(formValues));
        toast.success(t("portfolioForm.created", { name: formValues.name.trim() }));
      }
      onDone();
    } catch (error) {
      if (showServerErrors(error, setError, fieldOf)) return;
      toast.error(t("portfolioForm.failed"), { description: errorText(t, error) });
    }
  });
  const busy = isSubmitting || create.isPending || update.isPending;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid min-w-0 gap-4">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label={t("portfolioForm.name")} error={errors.name?.message}>
          <Input
            autoComplete="off"
            autoFocus
            placeholder={t("portfolioForm.nameHint")}
            {...register("name", { onChange: rerun })}
          />
        </FormField>
        <FormField label={t("portfolioForm.broker")} error={errors.broker?.message}>
          <Input
            autoComplete="off"
            placeholder={t("portfolioForm.brokerHint")}
            {...register("broker")}
          />
        </FormField>
      </div>
      <OwnerFields form={form} people={people} rerun={rerun} />
      {editing ? (
        <CheckboxCard
          label={t("portfolioForm.closed")}
          description={t("portfolioForm.closedHint")}
          {...register("closed")}
        />
      ) : null}
      <FormDialogFooter cancelLabel={t("cancel")} onCancel={onDone} pending={busy}>
        {editing ? t("portfolioForm.save") : t("portfolioForm.create")}
      </FormDialogFooter>
    </form>
  );
}
