import { ArrowRightIcon, CheckIcon, HouseHeartIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "#client/components/ui/button.tsx";
import { DashboardPreview } from "./dashboard-preview.tsx";

const points = ["free", "setup", "noBank"] as const;

/** What Hearth is, for whom, and the two ways in. */
export function HeroSection() {
  const { t } = useTranslation("landing");
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[36rem] bg-[radial-gradient(ellipse_70%_60%_at_30%_0%,var(--color-accent),transparent_70%)]"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-14 px-4 pt-14 pb-20 sm:pt-20 lg:grid-cols-[1.1fr_1fr] lg:gap-12 lg:pt-24 lg:pb-28">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border bg-background/70 px-3 py-1 text-sm text-muted-foreground">
            <HouseHeartIcon className="size-4 text-primary" aria-hidden="true" />
            {t("hero.eyebrow")}
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl leading-[1.1] font-semibold tracking-tight text-balance sm:text-5xl lg:text-[3.4rem]"
          >
            {t("hero.title")}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-pretty text-muted-foreground">
            {t("hero.lead")}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Button asChild size="lg" className="h-11 px-6 text-base">
              <Link to="/auth?mode=sign-up">
                {t("hero.primary")}
                <ArrowRightIcon aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline" className="h-11 px-6 text-base">
              <Link to="/auth">{t("hero.secondary")}</Link>
            </Button>
          </div>
          <ul className="mt-8 flex flex-col gap-x-6 gap-y-2 text-sm text-muted-foreground sm:flex-row sm:flex-wrap">
            {points.map((point) => (
              <li key={point} className="flex items-center gap-2">
                <CheckIcon className="size-4 text-success" aria-hidden="true" />
                {t(`hero.points.${point}`)}
              </li>
            ))}
          </ul>
        </div>
        <DashboardPreview className="mx-auto w-full max-w-md lg:max-w-none" />
      </div>
    </section>
  );
}
