import {
  KeyboardIcon,
  ChartPieIcon,
  LandmarkIcon,
  LanguagesIcon,
  PiggyBankIcon,
  SplitIcon,
  TrendingUpIcon,
  UsersIcon,
  type LucideIcon,
} from "lucide-react";
import { useTranslation } from "react-i18next";

const features: readonly { key: string; icon: LucideIcon }[] = [
  { key: "household", icon: UsersIcon },
  { key: "split", icon: SplitIcon },
  { key: "budgets", icon: ChartPieIcon },
  { key: "savings", icon: PiggyBankIcon },
  { key: "investments", icon: TrendingUpIcon },
  { key: "dutch", icon: LandmarkIcon },
  { key: "manual", icon: KeyboardIcon },
  { key: "languages", icon: LanguagesIcon },
];

/** What Hearth does for a family, one card per thing. */
export function FeaturesSection() {
  const { t } = useTranslation("landing");
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-16">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:py-24">
        <div className="max-w-2xl">
          <h2
            id="features-title"
            className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl"
          >
            {t("features.title")}
          </h2>
          <p className="mt-4 text-lg leading-8 text-muted-foreground">{t("features.lead")}</p>
        </div>
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {features.map(({ key, icon: Icon }) => (
            <li key={key} className="rounded-2xl border bg-card p-6 text-card-foreground shadow-xs">
              <span className="grid size-10 place-items-center rounded-xl bg-accent text-primary">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-5 font-semibold">{t(`features.${key}.title`)}</h3>
              <p className="mt-2 text-sm leading-6 text-muted-foreground">
                {t(`features.${key}.body`)}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
