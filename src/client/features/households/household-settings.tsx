import { zodResolver } from "@hookform/resolvers/zod";
import { HouseIcon, LoaderCircleIcon, MailIcon, UserPlusIcon, UsersIcon } from "lucide-react";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "#client/lib/toast.ts";
import { z } from "zod";
import { Button } from "#client/components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "#client/components/ui/card.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { useAccount, type Account } from "#client/features/account/account.queries.ts";
import { shownPlan } from "#client/features/billing/billing.queries.ts";
import { memberLimit } from "#shared/plans.ts";
import { householdNameMaxLength } from "#shared/schemas/households.schema.ts";
import {
  activePeople,
  useInvitations,
  useMembers,
  useRenameHousehold,
} from "./households.queries.ts";
import { InvitationList } from "./invitation-list.tsx";
import { InviteDialog } from "./invite-dialog.tsx";
import { MemberList } from "./member-list.tsx";
import { serverMessage } from "./server-message.ts";

const nameSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: "settings.nameRequired" })
    .max(householdNameMaxLength, { error: "settings.nameTooLong" }),
});
type NameInput = z.infer<typeof nameSchema>;

function RenameForm({ account }: { account: Account }) {
  const { t } = useTranslation("households");
  const rename = useRenameHousehold();
  const inputId = useId();
  const errorId = useId();
  const current = account.household.name;
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<NameInput>({ resolver: zodResolver(nameSchema), defaultValues: { name: current } });

  useEffect(() => reset({ name: current }), [current, reset]);

  const onSubmit = handleSubmit(({ name }) =>
    rename.mutateAsync({ householdId: account.household.id, name }).then(
      () => {
        toast.success(t("toasts.renamed"));
        reset({ name });
      },
      (error: unknown) =>
        toast.error(t("toasts.renameFailed"), { description: serverMessage(t, error) }),
    ),
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-2 sm:max-w-md">
      <Label htmlFor={inputId}>{t("settings.nameLabel")}</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={inputId}
          autoComplete="off"
          maxLength={householdNameMaxLength + 20}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? errorId : undefined}
          {...register("name")}
        />
        <Button type="submit" disabled={rename.isPending || !isDirty} aria-busy={rename.isPending}>
          {rename.isPending ? (
            <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
          ) : null}
          {t("settings.rename")}
        </Button>
      </div>
      {errors.name?.message ? (
        <p id={errorId} className="text-sm text-destructive">
          {t(errors.name.message, { count: householdNameMaxLength })}
        </p>
      ) : null}
    </form>
  );
}

function ListSkeleton() {
  return (
    <div className="grid gap-2" aria-busy="true">
      <Skeleton className="h-14 w-full" />
      <Skeleton className="h-14 w-full" />
    </div>
  );
}

/**
 * The profile's Household tab: the household's name (the owner renames it), its members and,
 * for the owner, the pending invitations and the invite button, with the sidebar's actions.
 */
export function HouseholdSettings() {
  const { t } = useTranslation("households");
  const { data: account } = useAccount();
  const members = useMembers(account);
  const invitations = useInvitations(account);
  if (!account) return <ListSkeleton />;

  const isOwner = account.member.role === "owner";
  const plan = shownPlan(account, false);
  const people = members.data ? activePeople(members.data) : [];
  const pending = invitations.data ?? [];

  return (
    <div className="grid gap-6" data-testid="household-settings">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <HouseIcon className="size-4 text-primary" aria-hidden="true" />
            {t("settings.title")}
          </CardTitle>
          <CardDescription>
            {isOwner ? t("settings.ownerIntro") : t("settings.memberIntro")}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {isOwner ? (
            <RenameForm account={account} />
          ) : (
            <p className="text-lg font-medium break-words">{account.household.name}</p>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle className="flex items-center gap-2 text-base">
              <UsersIcon className="size-4 text-primary" aria-hidden="true" />
              {t("settings.membersTitle")}
            </CardTitle>
            <CardDescription>
              {t("settings.places", {
                used: people.length + pending.length,
                count: memberLimit[plan],
                plan: t(`plans.${plan}`),
              })}
            </CardDescription>
          </div>
          {isOwner ? (
            <InviteDialog
              householdId={account.household.id}
              plan={plan}
              trigger={(open, preload) => (
                <Button onPointerEnter={preload} onFocus={preload} onClick={open}>
                  <UserPlusIcon aria-hidden="true" />
                  {t("invite.button")}
                </Button>
              )}
            />
          ) : null}
        </CardHeader>
        <CardContent className="grid gap-6">
          {members.isPending ? (
            <ListSkeleton />
          ) : members.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {t("toasts.loadFailed")}
            </p>
          ) : (
            <MemberList members={people} canManage={isOwner} householdId={account.household.id} />
          )}

          {isOwner ? (
            <section className="grid gap-3" aria-labelledby="pending-invitations-heading">
              <h3 id="pending-invitations-heading" className="text-sm font-medium">
                {t("invitations.title")}
              </h3>
              {invitations.isPending ? (
                <ListSkeleton />
              ) : pending.length > 0 ? (
                <InvitationList invitations={pending} />
              ) : (
                <p className="flex items-center gap-3 rounded-lg border border-dashed px-4 py-3 text-sm text-muted-foreground">
                  <MailIcon className="size-4 shrink-0" aria-hidden="true" />
                  {t("invitations.empty")}
                </p>
              )}
            </section>
          ) : (
            <p className="text-sm text-muted-foreground">{t("settings.onlyOwner")}</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
