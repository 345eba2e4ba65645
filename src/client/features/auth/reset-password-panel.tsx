import { LinkIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { toast } from "#client/lib/toast.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Card } from "#client/components/ui/card.tsx";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";
import { authPath } from "./auth-paths.ts";
import { ResetPasswordForm } from "./reset-password-form.tsx";
import { StatusCard } from "./status-card.tsx";

/**
 * /reset-password: the form when the link brought a token; otherwise (no token, `?error=`, or
 * the server refusing the token) the explanation and a way to ask for a new link.
 */
export function ResetPasswordPanel({
  token,
  error,
}: {
  token: string | null;
  error: string | null;
}) {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const [refused, setRefused] = useState(false);

  if (!token || error || refused) return <InvalidLink />;

  return (
    <ResetForm
      token={token}
      onInvalidToken={() => setRefused(true)}
      onDone={async () => {
        toast.success(t("resetPassword.done"));
        await navigate("/auth", { replace: true, state: { passwordChanged: true } });
      }}
    />
  );
}

function ResetForm(props: {
  token: string;
  onInvalidToken: () => void;
  onDone: () => Promise<void>;
}) {
  const { t } = useTranslation("auth");
  useDocumentTitle(t("titles.resetPassword"));
  return (
    <Card className="gap-0 py-0 shadow-md">
      <div className="grid gap-6 px-6 pt-7 pb-8 sm:px-8">
        <div className="grid gap-1.5">
          <h1 className="text-2xl font-semibold tracking-tight">{t("resetPassword.heading")}</h1>
          <p className="text-sm text-muted-foreground">{t("resetPassword.description")}</p>
        </div>
        <ResetPasswordForm {...props} />
      </div>
    </Card>
  );
}

function InvalidLink() {
  const { t } = useTranslation("auth");
  useDocumentTitle(t("titles.linkInvalid"));
  return (
    <StatusCard
      icon={LinkIcon}
      tone="error"
      title={t("resetPassword.invalidHeading")}
      actions={
        <>
          <Button asChild size="lg" className="w-full">
            <Link to={authPath("forgot")}>{t("resetPassword.requestNew")}</Link>
          </Button>
          <Button asChild variant="ghost" size="lg" className="w-full">
            <Link to={authPath("sign-in")}>{t("resetPassword.backToSignIn")}</Link>
          </Button>
        </>
      }
    >
      <p>{t("resetPassword.invalidBody")}</p>
    </StatusCard>
  );
}
