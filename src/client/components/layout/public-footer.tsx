import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Logo } from "./logo.tsx";

/** The footer of every public page, with privacy and terms. */
export function PublicFooter() {
  const { t } = useTranslation();
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center">
        <Logo className="text-foreground" />
        <p className="sm:mr-auto">{t("tagline")}</p>
        <nav aria-label={t("footer.legal")} className="flex gap-4">
          <Link className="hover:text-foreground hover:underline" to="/privacy">
            {t("footer.privacy")}
          </Link>
          <Link className="hover:text-foreground hover:underline" to="/terms">
            {t("footer.terms")}
          </Link>
        </nav>
      </div>
    </footer>
  );
}
