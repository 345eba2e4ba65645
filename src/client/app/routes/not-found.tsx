import { Link, useLocation } from "react-router";
import { useTranslation } from "react-i18next";
import { Button } from "#client/components/ui/button.tsx";

/** Any path Hearth does not know, public or under /dashboard. */
export function Component() {
  const { t } = useTranslation();
  const inDashboard = useLocation().pathname.startsWith("/dashboard");
  return (
    <main
      id="main"
      className={
        inDashboard ? "grid flex-1 place-items-center p-6" : "grid min-h-svh place-items-center p-6"
      }
    >
      <div className="max-w-md space-y-4 text-center">
        <p className="text-5xl font-bold text-primary tabular-nums">{t("notFound.code")}</p>
        <h1 className="text-2xl font-semibold">{t("notFound.title")}</h1>
        <p className="text-muted-foreground">{t("notFound.body")}</p>
        <Button asChild>
          <Link to={inDashboard ? "/dashboard" : "/"}>
            {inDashboard ? t("notFound.dashboard") : t("notFound.home")}
          </Link>
        </Button>
      </div>
    </main>
  );
}
