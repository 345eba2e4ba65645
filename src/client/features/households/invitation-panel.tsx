import { useQuery } from "@tanstack/react-query";
import {
  CircleAlertIcon,
  CircleCheckIcon,
  CircleXIcon,
  ClockIcon,
  HouseIcon,
  LoaderCircleIcon,
  LogOutIcon,
  type LucideIcon,
} from "lucide-react";
import { useState, type ReactNode } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { toast } from "#client/lib/toast.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Card } from "#client/components/ui/card.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { useAccount, useSignOut } from "#client/features/account/account.queries.ts";
import { cn } from "#client/lib/cn.ts";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.tsx";
import {
  householdQueries,
  useAcceptInvitation,
  useDeclineInvitation,
} from "./households.queries.ts";
import { serverMessage } from "./server-message.ts";

const tones = {
  info: "bg-primary/10 text-primary",
  success: "bg-success/15 text-success",
  warning: "bg-warning/15 text-warning",
  error: "bg-destructive/10 text-destructive",
} as const;

function Panel({
  icon: Icon,
  tone,
  title,
  children,
  actions,
}: {
  icon: LucideIcon;
  tone: keyof typeof tones;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card className="gap-0 px-6 py-8 text-center shadow-md sm:px-10" data-testid="invitation-panel">
      <div className={cn("mx-auto mb-5 grid size-14 place-items-center rounded-full", tones[tone])}>
        <Icon className="size-7" aria-hidden="true" />
      </div>
      <h1 className="text-2xl font-semibold tracking-tight text-balance">{title}</h1>
      <div className="mt-3 space-y-3 text-sm leading-relaxed text-pretty text-muted-foreground">
        {children}
      </div>
      {actions ? <div className="mt-7 flex flex-col gap-3">{actions}</div> : null}
    </Card>
  );
}

/** `/auth` in a mode, coming back here afterwards with the invited address filled in. */
function authHref(mode: "sign-in" | "sign-up", back: string, email: string) {
  const params = new URLSearchParams();
  if (mode === "sign-up") params.set("mode", "sign-up");
  params.set("redirect", back);
  params.set("email", email);
  return `/auth?${params.toString()}`;
}

const strong = <strong className="font-medium text-foreground" />;

/**
 * `/invitation?token=…`: who invites whom to which household, and what to do about it.
 * Signed out: sign in or create an account and come back. Signed in with the invited address:
 * accept or decline. Another account: say so, and offer to switch.
 */
export function InvitationPanel({ token }: { token: string }) {
  const { t } = useTranslation("households");
  useDocumentTitle(t("invitation.documentTitle"));
  const navigate = useNavigate();
  const account = useAccount();
  const preview = useQuery({ ...householdQueries.preview(token), enabled: token !== "" });
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const signOut = useSignOut();
  const [confirmDecline, setConfirmDecline] = useState(false);
  const [declined, setDeclined] = useState(false);
  const back = `/invitation?token=${encodeURIComponent(token)}`;

  if (!token || preview.isError) {
    return (
      <Panel
        icon={CircleXIcon}
        tone="error"
        title={t("invitation.notFoundTitle")}
        actions={
          <Button asChild size="lg" className="w-full">
            <Link to="/">{t("common:actions.backHome")}</Link>
          </Button>
        }
      >
        <p>{t("invitation.notFoundBody")}</p>
      </Panel>
    );
  }

  if (preview.isPending || account.isPending) {
    return (
      <Card className="gap-4 px-6 py-8 shadow-md sm:px-10" aria-busy="true">
        <span className="sr-only">{t("common:loading")}</span>
        <Skeleton className="mx-auto size-14 rounded-full" />
        <Skeleton className="mx-auto h-7 w-3/4" />
        <Skeleton className="mx-auto h-4 w-full" />
        <Skeleton className="mx-auto h-10 w-full" />
      </Card>
    );
  }

  const { householdName, inviterName, invitedEmail } = preview.data;
  const values = { household: householdName, inviter: inviterName, email: invitedEmail };
  const toDashboard = account.data ? (
    <Button asChild size="lg" className="w-full">
      <Link to="/dashboard">{t("common:actions.toDashboard")}</Link>
    </Button>
  ) : (
    <Button asChild size="lg" className="w-full">
      <Link to="/">{t("common:actions.backHome")}</Link>
    </Button>
  );

  if (declined || preview.data.status === "declined") {
    return (
      <Panel
        icon={CircleXIcon}
        tone="info"
        title={declined ? t("invitation.declinedTitle") : t("invitation.cancelledTitle")}
        actions={toDashboard}
      >
        <p>
          {declined ? t("invitation.declinedBody", values) : t("invitation.cancelledBody", values)}
        </p>
      </Panel>
    );
  }
  if (preview.data.status !== "pending") {
    const status = preview.data.status;
    return (
      <Panel
        icon={
          status === "expired"
            ? ClockIcon
            : status === "accepted"
              ? CircleCheckIcon
              : CircleAlertIcon
        }
        tone={status === "accepted" ? "success" : "warning"}
        title={t(`invitation.${status}Title`)}
        actions={toDashboard}
      >
        <p>{t(`invitation.${status}Body`, values)}</p>
      </Panel>
    );
  }

  const intro = (
    <p>
      <Trans t={t} i18nKey="invitation.body" values={values} components={{ strong }} />
    </p>
  );

  if (!account.data) {
    return (
      <Panel
        icon={HouseIcon}
        tone="info"
        title={t("invitation.title", values)}
        actions={
          <>
            <Button asChild size="lg" className="w-full">
              <Link to={authHref("sign-in", back, invitedEmail)}>{t("invitation.signIn")}</Link>
            </Button>
            <Button asChild size="lg" variant="outline" className="w-full">
              <Link to={authHref("sign-up", back, invitedEmail)}>{t("invitation.signUp")}</Link>
            </Button>
          </>
        }
      >
        {intro}
        <p>{t("invitation.signedOut", values)}</p>
      </Panel>
    );
  }

  if (account.data.user.email.toLowerCase() !== invitedEmail.toLowerCase()) {
    const current = account.data.user.email;
    return (
      <Panel
        icon={CircleAlertIcon}
        tone="warning"
        title={t("invitation.wrongAccountTitle")}
        actions={
          <>
            <Button
              size="lg"
              className="w-full"
              disabled={signOut.isPending}
              onClick={() =>
                signOut.mutate(undefined, {
                  onSuccess: () => void navigate(authHref("sign-in", back, invitedEmail)),
                })
              }
            >
              <LogOutIcon aria-hidden="true" />
              {t("invitation.switch", values)}
            </Button>
            {toDashboard}
          </>
        }
      >
        {intro}
        <p>
          <Trans
            t={t}
            i18nKey="invitation.wrongAccountBody"
            values={{ ...values, current }}
            components={{ strong }}
          />
        </p>
      </Panel>
    );
  }

  const onAccept = () =>
    accept.mutate(token, {
      onSuccess: () => {
        toast.success(t("toasts.joined"));
        void navigate("/dashboard", { replace: true });
      },
      onError: (error) =>
        toast.error(t("toasts.acceptFailed"), { description: serverMessage(t, error) }),
    });

  const onDecline = () =>
    decline.mutate(token, {
      onSuccess: () => {
        setConfirmDecline(false);
        setDeclined(true);
      },
      onError: (error) => {
        setConfirmDecline(false);
        toast.error(t("toasts.declineFailed"), { description: serverMessage(t, error) });
      },
    });

  return (
    <>
      <Panel
        icon={HouseIcon}
        tone="info"
        title={t("invitation.title", values)}
        actions={
          <>
            <Button
              size="lg"
              className="w-full"
              disabled={accept.isPending}
              aria-busy={accept.isPending}
              onClick={onAccept}
            >
              {accept.isPending ? (
                <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
              ) : null}
              {accept.isPending ? t("invitation.accepting") : t("invitation.accept")}
            </Button>
            <Button
              size="lg"
              variant="outline"
              className="w-full"
              disabled={accept.isPending}
              onClick={() => setConfirmDecline(true)}
            >
              {t("invitation.decline")}
            </Button>
          </>
        }
      >
        {intro}
        <p>{t("invitation.merge")}</p>
      </Panel>
      <ConfirmDialog
        open={confirmDecline}
        onOpenChange={setConfirmDecline}
        title={t("invitation.confirmDeclineTitle")}
        description={t("invitation.confirmDeclineBody", values)}
        confirmLabel={t("invitation.decline")}
        pending={decline.isPending}
        onConfirm={onDecline}
      />
    </>
  );
}
