import { useTranslation } from "react-i18next";
import { Button } from "#client/components/ui/button.tsx";

/** Shown when a route fails to load or throws: a calm sentence and a way out. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <main className="grid min-h-svh place-items-center p-6">
      <div className="max-w-md space-y-4 text-center">
        <h1 className="text-2xl font-semibold">{t("routeError.title")}</h1>
        <p className="text-muted-foreground">{t("routeError.body")}</p>
        <div className="flex justify-center gap-2">
          <Button onClick={() => window.location.reload()}>{t("actions.tryAgain")}</Button>
          <Button variant="outline" asChild>
            <a href="/">{t("actions.backHome")}</a>
          </Button>
        </div>
      </div>
    </main>
  );
}
