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
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import type { Account } from "#client/features/account/account.queries.ts";
import { errorText } from "#client/features/income-spending/money-format.ts";
import {
  FieldError,
  fieldIds,
  invalidProps,
  schemaResolver,
  showServerErrors,
  useLanguage,
  usePeople,
} from "#client/features/savings/form-parts.tsx";
import {
  OwnerFields,
  ownerInput,
  ownerValues,
  type OwnerValues,
} from "#client/features/savings/owner-fields.tsx";
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
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="sm:max-w-lg" closeLabel={t("close")} data-testid="portfolio-dialog">
        <DialogHeader>
          <DialogTitle>
            {editing ? t("portfolioForm.editTitle") : t("portfolioForm.newTitle")}
          </DialogTitle>
          <DialogDescription>{t("portfolioForm.description")}</DialogDescription>
        </DialogHeader>
        {loading ? (
          <div className="grid gap-4" aria-busy="true">
            <Skeleton className="h-9" />
            <Skeleton className="h-24" />
          </div>
        ) : (
          <PortfolioForm
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
  const uid = useId();
  const create = useCreatePortfolio();
  const update = useUpdatePortfolio();
  const form = useForm<PortfolioFormValues>({
    resolver: editing ? updateResolver : createResolver,
    defaultValues: {
      name: editing?.name ?? "",
      broker: editing?.broker ?? "",
      ...ownerValues(
        editing?.owner ??
          (scopeMemberId
            ? { kind: "member", shares: [{ memberId: scopeMemberId, percentBp: 10_000 }] }
            : null),
        people,
        language,
        meId,
      ),
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
  const values = useWatch({ control }) as PortfolioFormValues;
  const rerun = () => {
    if (isSubmitted) void form.trigger();
  };
  const ids = (name: string) => fieldIds(uid, name);

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
        <div className="grid gap-2">
          <Label htmlFor={ids("name").input}>{t("portfolioForm.name")}</Label>
          <Input
            id={ids("name").input}
            autoComplete="off"
            autoFocus
            placeholder={t("portfolioForm.nameHint")}
            {...invalidProps(ids("name"), errors.name?.message)}
            {...register("name", { onChange: rerun })}
          />
          <FieldError id={ids("name").error} message={errors.name?.message} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids("broker").input}>{t("portfolioForm.broker")}</Label>
          <Input
            id={ids("broker").input}
            autoComplete="off"
            placeholder={t("portfolioForm.brokerHint")}
            {...invalidProps(ids("broker"), errors.broker?.message)}
            {...register("broker")}
          />
          <FieldError id={ids("broker").error} message={errors.broker?.message} />
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
            <span className="font-medium">{t("portfolioForm.closed")}</span>
            <span className="text-muted-foreground">{t("portfolioForm.closedHint")}</span>
          </span>
        </label>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          {t("cancel")}
        </Button>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
          {editing ? t("portfolioForm.save") : t("portfolioForm.create")}
        </Button>
      </DialogFooter>
    </form>
  );
}
