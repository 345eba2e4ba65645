import { useTranslation } from "react-i18next";

const claims = ["households", "setup", "guarantee", "annual"] as const;

/** The figures the specification's landing copy promises, each with what it means. */
export function ClaimsSection() {
  const { t } = useTranslation("landing");
  return (
    <section aria-labelledby="claims-title" className="border-y bg-muted/40">
      <h2 id="claims-title" className="sr-only">
        {t("claims.title")}
      </h2>
      <ul className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-8 px-4 py-12 lg:grid-cols-4 lg:gap-8">
        {claims.map((claim) => (
          <li key={claim}>
            <p className="text-2xl font-semibold tracking-tight text-primary tabular-nums sm:text-3xl">
              {t(`claims.${claim}.value`)}
            </p>
            <p className="mt-2 text-sm leading-6 text-muted-foreground">
              {t(`claims.${claim}.label`)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
