import { ArrowRightIcon, HammerIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "#client/components/ui/button.tsx";
import { useDocumentTitle } from "#client/lib/use-document-title.ts";
import { SiteLayout } from "./site-layout.tsx";

/**
 * `/select-plan` and `/subscription-success` until billing is built: says so plainly, and that
 * everything is free meanwhile. The billing issue replaces these pages.
 */
export function PlanPendingPage({ page }: { page: "selectPlan" | "subscriptionSuccess" }) {
  const { t } = useTranslation("landing");
  useDocumentTitle(t(`planPending.${page}.documentTitle`));
  return (
    <SiteLayout className="grid place-items-center px-4 py-16 sm:py-24">
      <div className="w-full max-w-lg rounded-2xl border bg-card p-8 text-center text-card-foreground shadow-sm sm:p-10">
        <span className="mx-auto grid size-12 place-items-center rounded-2xl bg-accent text-primary">
          <HammerIcon className="size-6" aria-hidden="true" />
        </span>
        <h1 className="mt-6 text-2xl font-semibold tracking-tight text-balance">
          {t(`planPending.${page}.title`)}
        </h1>
        <p className="mt-4 leading-7 text-muted-foreground">{t(`planPending.${page}.body`)}</p>
        <p className="mt-3 text-sm text-muted-foreground">{t("planPending.note")}</p>
        <Button asChild size="lg" className="mt-8">
          <Link to="/dashboard">
            {t("planPending.action")}
            <ArrowRightIcon aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </SiteLayout>
  );
}
