import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ArrowRightIcon, TriangleAlertIcon, UserXIcon } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { toast } from "#client/lib/toast.ts";
import { FormDialog } from "#client/components/forms/form-dialog.tsx";
import { FormField } from "#client/components/forms/form-field.tsx";
import { PasswordInput } from "#client/components/forms/password-input.tsx";
import { showServerErrors } from "#client/components/forms/server-errors.ts";
import { SubmitButton } from "#client/components/forms/submit-button.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { DialogFooter } from "#client/components/ui/dialog.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "#client/components/ui/card.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import {
  accountQueries,
  useAccount,
  type Account,
} from "#client/features/account/account.queries.ts";
import { activePeople, useMembers } from "#client/features/households/households.queries.ts";
import { api, unwrap } from "#client/lib/api.ts";
import { useLanguage } from "#client/lib/use-language.ts";
import {
  confirmsDeletion,
  deleteConfirmationWords,
  type DeleteAccountInput,
} from "#shared/schemas/account.schema.ts";

/** Deletes the account; on success everything cached was someone's who is gone. */
function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeleteAccountInput) => unwrap(api["delete-account"].$post({ json: input })),
    meta: { handlesErrors: true },
    onSuccess: () => {
      queryClient.setQueryData(accountQueries.me().queryKey, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== "account" });
    },
  });
}

/** What deleting does to this person's household: what the card and the dialog say. */
type Situation = "member" | "ownerAlone" | "ownerWithMembers";

function DeleteDialog({
  account,
  situation,
  onClose,
}: {
  account: Account;
  situation: Situation;
  onClose: () => void;
}) {
  const { t } = useTranslation("profile");
  const language = useLanguage();
  const word = deleteConfirmationWords[language];
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DeleteAccountInput>({ defaultValues: { password: "", confirmation: "" } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await remove.mutateAsync(values);
    } catch (error) {
      if (
        !showServerErrors(error, setError, (path) =>
          path === "password" ? "password" : "confirmation",
        )
      ) {
        toast.error(t("deleteAccount.failed"), {
          description: error instanceof Error ? error.message : undefined,
        });
      }
      return;
    }
    toast.success(t("deleteAccount.done"));
    void navigate("/", { replace: true });
  });

  return (
    <FormDialog
      title={t("deleteAccount.dialogTitle")}
      description={t(`deleteAccount.consequences.${situation}`, {
        household: account.household.name,
      })}
      closeLabel={t("deleteAccount.cancel")}
      testId="delete-account-dialog"
      onClose={onClose}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
        <p className="flex items-start gap-2.5 rounded-lg border border-destructive/40 bg-destructive/5 px-3 py-2.5 text-sm">
          <TriangleAlertIcon
            className="mt-0.5 size-4 shrink-0 text-destructive"
            aria-hidden="true"
          />
          {t("deleteAccount.final")}
        </p>
        {/* Lets password managers tie the password to the account. */}
        <input
          type="email"
          name="username"
          autoComplete="username"
          value={account.user.email}
          readOnly
          hidden
        />
        <FormField
          id="delete-account-password"
          label={t("deleteAccount.password")}
          error={errors.password?.message}
        >
          {/* Checked by the server, which knows whether the account has a password at all. */}
          <PasswordInput autoComplete="current-password" {...register("password")} />
        </FormField>
        <FormField
          id="delete-account-confirmation"
          label={t("deleteAccount.confirmationLabel", { word })}
          error={errors.confirmation?.message}
        >
          <Input
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            {...register("confirmation", {
              validate: (value) =>
                confirmsDeletion(value) || t("deleteAccount.confirmationWrong", { word }),
            })}
          />
        </FormField>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            {t("deleteAccount.cancel")}
          </Button>
          <SubmitButton variant="destructive" pending={isSubmitting}>
            {isSubmitting ? t("deleteAccount.deleting") : t("deleteAccount.confirm")}
          </SubmitButton>
        </DialogFooter>
      </form>
    </FormDialog>
  );
}

/**
 * The profile's last card: deleting one's account, with what it does to the household. An
 * owner with other members hands the household over first (the Household tab); the server
 * refuses them too.
 */
export function DeleteAccount() {
  const { t } = useTranslation("profile");
  const { data: account } = useAccount();
  const members = useMembers(account);
  const [open, setOpen] = useState(false);
  if (!account || !members.data) return <Skeleton className="h-40 w-full" />;

  // Only a person with an account can take the household over (people without one go with it).
  const others = activePeople(members.data).filter(
    (member) => !member.isSelf && member.userId !== null,
  ).length;
  const situation: Situation =
    account.member.role !== "owner" ? "member" : others > 0 ? "ownerWithMembers" : "ownerAlone";

  return (
    <Card className="border-destructive/40" data-testid="delete-account">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserXIcon className="size-4 text-destructive" aria-hidden="true" />
          {t("deleteAccount.title")}
        </CardTitle>
        <CardDescription>
          {t(`deleteAccount.consequences.${situation}`, { household: account.household.name })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid justify-items-start gap-3">
        {situation === "ownerWithMembers" ? (
          <>
            <p className="text-sm">{t("deleteAccount.handOverFirst")}</p>
            <Button asChild variant="outline">
              <Link to="/dashboard/profile?tab=household">
                {t("deleteAccount.toHousehold")}
                <ArrowRightIcon aria-hidden="true" />
              </Link>
            </Button>
          </>
        ) : (
          <Button variant="destructive" onClick={() => setOpen(true)}>
            {t("deleteAccount.open")}
          </Button>
        )}
      </CardContent>
      {open ? (
        <DeleteDialog account={account} situation={situation} onClose={() => setOpen(false)} />
      ) : null}
    </Card>
  );
}
