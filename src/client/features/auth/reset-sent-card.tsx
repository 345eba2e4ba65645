import { MailIcon } from "lucide-react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "#client/components/ui/button.tsx";
import { authApi } from "#client/lib/api.ts";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";
import { authPath } from "./auth-paths.ts";
import { ResendButton } from "./resend-button.tsx";
import { StatusCard } from "./status-card.tsx";

const textLink =
  "rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50";

/** After asking for a reset link. Worded so it never tells whether the address has an account. */
export function ResetSentCard({ email }: { email: string | null }) {
  const { t } = useTranslation("auth");
  useDocumentTitle(t("titles.resetSent"));
  return (
    <StatusCard
      icon={MailIcon}
      tone="info"
      title={t("resetSent.heading")}
      actions={
        <>
          {email ? (
            <ResendButton
              send={() => authApi.requestPasswordReset(email)}
              label={t("resetSent.resend")}
              successMessage={t("resetSent.sent")}
            />
          ) : null}
          <Button asChild variant={email ? "ghost" : "default"} size="lg" className="w-full">
            <Link to={authPath("sign-in", { email })}>{t("resetSent.backToSignIn")}</Link>
          </Button>
          <p className="text-sm">
            <Link to={authPath("forgot")} className={textLink}>
              {t("resetSent.otherAddress")}
            </Link>
          </p>
        </>
      }
    >
      <p>
        {email ? (
          <Trans
            t={t}
            i18nKey="resetSent.body"
            values={{ email }}
            components={{
              strong: <strong className="font-medium wrap-break-word text-foreground" />,
            }}
          />
        ) : (
          t("resetSent.bodyUnknown")
        )}
      </p>
      <p>{t("resetSent.tips")}</p>
    </StatusCard>
  );
}
