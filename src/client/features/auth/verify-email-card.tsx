import { MailCheckIcon } from "lucide-react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "#client/components/ui/button.tsx";
import { authApi } from "#client/lib/api.ts";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";
import { authPath, emailVerifiedPath } from "./auth-paths.ts";
import { ResendButton } from "./resend-button.tsx";
import { StatusCard } from "./status-card.tsx";

/** After signing up, or signing in unconfirmed: the mail went to `email`; send it again. */
export function VerifyEmailCard({
  email,
  redirect = null,
}: {
  email: string | null;
  /** Where the confirmation link should lead afterwards (an invitation, say). */
  redirect?: string | null;
}) {
  const { t } = useTranslation("auth");
  useDocumentTitle(t("titles.verifyEmail"));
  return (
    <StatusCard
      icon={MailCheckIcon}
      tone="info"
      title={t("verifyEmail.heading")}
      actions={
        <>
          {email ? (
            <ResendButton
              send={() => authApi.sendVerificationEmail(email, emailVerifiedPath(redirect))}
              label={t("verifyEmail.resend")}
              successMessage={t("verifyEmail.sent")}
            />
          ) : null}
          <Button asChild variant={email ? "ghost" : "default"} size="lg" className="w-full">
            <Link to={authPath("sign-in", { email })}>{t("verifyEmail.backToSignIn")}</Link>
          </Button>
        </>
      }
    >
      {email ? (
        <p>
          <Trans
            t={t}
            i18nKey="verifyEmail.sentTo"
            values={{ email }}
            components={{
              strong: <strong className="font-medium wrap-break-word text-foreground" />,
            }}
          />
        </p>
      ) : (
        <p>{t("verifyEmail.sentToUnknown")}</p>
      )}
      <p>{email ? t("verifyEmail.tips") : t("verifyEmail.noEmail")}</p>
      {email ? <p>{t("verifyEmail.existing")}</p> : null}
    </StatusCard>
  );
}
