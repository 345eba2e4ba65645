import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Button } from "#client/components/ui/button.tsx";
import { LanguagePicker } from "./language-picker.tsx";
import { Logo } from "./logo.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";

/**
 * The bar on top of every public page: a skip link to `#main` (every public page gives its
 * `main` that id), home, theme, language, and sign in — or, for someone signed in, the way back
 * to the dashboard (their language choice is then also kept in the profile).
 */
export function PublicHeader({ signedIn = false }: { signedIn?: boolean }) {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <a
        href="#main"
        className="sr-only rounded-md bg-primary px-3 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:absolute focus:top-2.5 focus:left-4 focus:z-50 focus:px-3 focus:py-2 focus:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        {t("skipToContent")}
      </a>
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4">
        <Link
          to="/"
          className="mr-auto rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          <Logo />
        </Link>
        <LanguagePicker showLabel saveToProfile={signedIn} />
        <ThemeToggle />
        <Button asChild size="sm">
          {signedIn ? (
            <Link to="/dashboard">{t("actions.dashboard")}</Link>
          ) : (
            <Link to="/auth">{t("actions.signIn")}</Link>
          )}
        </Button>
      </div>
    </header>
  );
}
