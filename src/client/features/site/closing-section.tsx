import { ArrowRightIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "#client/components/ui/button.tsx";

/** The last call to action before the footer. */
export function ClosingSection() {
  const { t } = useTranslation("landing");
  return (
    <section aria-labelledby="closing-title" className="px-4 pb-20 sm:pb-24">
      <div className="mx-auto max-w-6xl rounded-3xl bg-primary px-6 py-14 text-center text-primary-foreground sm:px-12">
        <h2
          id="closing-title"
          className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl"
        >
          {t("closing.title")}
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg leading-8 opacity-90">{t("closing.body")}</p>
        <Button asChild size="lg" variant="secondary" className="mt-8 h-11 px-6 text-base">
          <Link to="/auth?mode=sign-up">
            {t("closing.action")}
            <ArrowRightIcon aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </section>
  );
}
