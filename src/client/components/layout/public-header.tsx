import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { Button } from "#client/components/ui/button.tsx";
import { LanguagePicker } from "./language-picker.tsx";
import { Logo } from "./logo.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";

/** The bar on top of every public page: home, theme, language, sign in. */
export function PublicHeader() {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4">
        <Link to="/" className="mr-auto rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
          <Logo />
        </Link>
        <LanguagePicker showLabel />
        <ThemeToggle />
        <Button asChild size="sm">
          <Link to="/auth">{t("actions.signIn")}</Link>
        </Button>
      </div>
    </header>
  );
}
