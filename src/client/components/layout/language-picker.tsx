import { LanguagesIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "#client/components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from "#client/components/ui/dropdown-menu.tsx";
import { translateError } from "#client/lib/errors.ts";
import { currentLanguage } from "#client/lib/i18n.ts";
import { changeLanguage } from "#client/lib/language.ts";
import { isLanguage, languages } from "#shared/i18n.ts";

/** English or Dutch; the choice is kept in local storage and, signed in, in the profile. */
export function LanguagePicker({
  className,
  showLabel = false,
  saveToProfile = false,
}: {
  className?: string;
  showLabel?: boolean;
  /** In the dashboard (signed in), the choice is also kept in the profile. */
  saveToProfile?: boolean;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size={showLabel ? "sm" : "icon"}
          className={className}
          aria-label={
            showLabel ? undefined : `${t("language.label")}: ${t(`language.${language}`)}`
          }
        >
          <LanguagesIcon className="size-4" aria-hidden="true" />
          {showLabel ? (
            <>
              <span>{language.toUpperCase()}</span>
              {/* The visible code starts the accessible name, so speech input can use it. */}
              <span className="sr-only">{` — ${t("language.label")}: ${t(`language.${language}`)}`}</span>
            </>
          ) : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t("language.label")}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={language}
          onValueChange={(value) => {
            if (isLanguage(value))
              changeLanguage(value, { saveToProfile }).catch((error: unknown) =>
                toast.error(translateError(t, error)),
              );
          }}
        >
          {languages.map((value) => (
            <DropdownMenuRadioItem key={value} value={value} lang={value}>
              {t(`language.${value}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
