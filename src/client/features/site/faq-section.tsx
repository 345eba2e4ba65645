import { ChevronDownIcon } from "lucide-react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { currentLanguage } from "#client/lib/i18n.ts";
import { formatMoney } from "#shared/money.ts";
import { usePlans } from "#client/features/billing/billing.queries.ts";

const questions = ["bank", "selfHost", "cost", "partner", "privacy", "languages"] as const;

/** Honest answers to what a family asks before signing up. */
export function FaqSection() {
  const { t } = useTranslation("landing");
  const language = currentLanguage();
  const plans = usePlans().data?.plans ?? [];
  // The prices come from the plans table; "…" while it loads.
  const price = (name: string, period: "monthlyPriceCents" | "annualPriceCents") => {
    const plan = plans.find((p) => p.name === name);
    return plan ? formatMoney(plan[period], language) : "…";
  };
  const prices = {
    premiumMonthly: price("premium", "monthlyPriceCents"),
    premiumAnnual: price("premium", "annualPriceCents"),
    proMonthly: price("pro", "monthlyPriceCents"),
    proAnnual: price("pro", "annualPriceCents"),
  };

  return (
    <section id="faq" aria-labelledby="faq-title" className="scroll-mt-16">
      <div className="mx-auto max-w-3xl px-4 py-20 sm:py-24">
        <h2
          id="faq-title"
          className="text-center text-3xl font-semibold tracking-tight text-balance sm:text-4xl"
        >
          {t("faq.title")}
        </h2>
        <div className="mt-10 divide-y rounded-2xl border bg-card text-card-foreground">
          {questions.map((question) => (
            <details key={question} className="group px-5 sm:px-6">
              <summary className="-mx-5 flex cursor-pointer list-none items-center gap-4 rounded-2xl px-5 py-5 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:-mx-6 sm:px-6 [&::-webkit-details-marker]:hidden">
                <h3 className="mr-auto font-medium">{t(`faq.${question}.question`)}</h3>
                <ChevronDownIcon
                  className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
                  aria-hidden="true"
                />
              </summary>
              <p className="pb-5 leading-7 text-muted-foreground">
                <Trans
                  t={t}
                  i18nKey={`faq.${question}.answer`}
                  values={prices}
                  components={{
                    code: (
                      <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-sm whitespace-nowrap text-foreground" />
                    ),
                    privacyLink: (
                      <Link
                        to="/privacy"
                        className="font-medium text-primary underline underline-offset-4"
                      />
                    ),
                  }}
                />
              </p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
