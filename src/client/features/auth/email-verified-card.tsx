import { useQueryClient } from "@tanstack/react-query";
import { CircleCheckIcon, LinkIcon } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "#client/components/ui/button.tsx";
import { accountQueries, useAccount } from "#client/features/account/account.queries.ts";
import { applyLanguage, currentLanguage } from "#client/lib/i18n.ts";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";
import { firstName } from "#shared/names.ts";
import { safeRedirect } from "./safe-redirect.ts";
import { StatusCard } from "./status-card.tsx";

/** Where the confirmation link lands: signed in and welcome, or the link was bad. */
export function EmailVerifiedCard({
  error,
  redirect = null,
}: {
  error: string | null;
  /** Where the person was going when they signed up (an invitation, say): a "Continue" link. */
  redirect?: string | null;
}) {
  return error ? <LinkInvalid /> : <Confirmed redirect={redirect} />;
}

function Confirmed({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation("auth");
  useDocumentTitle(t("titles.emailVerified"));
  const queryClient = useQueryClient();

  // Confirming signed the person in: forget the "signed out" answer cached before.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: accountQueries.all });
  }, [queryClient]);

  const account = useAccount();
  const preferred = account.data?.profile.preferredLanguage;
  // The link may be opened in another browser: show Hearth in the language of the profile.
  useEffect(() => {
    if (preferred && preferred !== currentLanguage()) void applyLanguage(preferred);
  }, [preferred]);

  const target = safeRedirect(redirect);
  const next = redirect && target !== "/dashboard" ? target : null;
  const name = account.data
    ? firstName(account.data.profile.fullName || account.data.user.name)
    : "";
  return (
    <StatusCard
      icon={CircleCheckIcon}
      tone="success"
      title={t("emailVerified.heading")}
      actions={
        <>
          {next ? (
            <Button asChild size="lg" className="w-full">
              <Link to={next}>{t("emailVerified.continue")}</Link>
            </Button>
          ) : null}
          <Button asChild size="lg" variant={next ? "outline" : "default"} className="w-full">
            <Link to="/dashboard">{t("emailVerified.toDashboard")}</Link>
          </Button>
        </>
      }
    >
      <p>{name ? t("emailVerified.bodyNamed", { name }) : t("emailVerified.body")}</p>
    </StatusCard>
  );
}

function LinkInvalid() {
  const { t } = useTranslation("auth");
  useDocumentTitle(t("titles.linkInvalid"));
  return (
    <StatusCard
      icon={LinkIcon}
      tone="error"
      title={t("emailVerified.errorHeading")}
      actions={
        <Button asChild size="lg" className="w-full">
          <Link to="/auth">{t("emailVerified.toSignIn")}</Link>
        </Button>
      }
    >
      <p>{t("emailVerified.errorBody")}</p>
    </StatusCard>
  );
}
