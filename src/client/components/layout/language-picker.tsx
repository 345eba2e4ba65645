import { LanguagesIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "#client/components/ui/button.tsx";
import { currentLanguage } from "#client/lib/i18n.ts";
import { useDeferredMenu } from "./deferred-menu.ts";

/**
 * English or Dutch; the choice is kept in local storage and, signed in, in the profile. The menu
 * itself (header-menus.tsx) loads when a person reaches for the button.
 */
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
  const { menus, openOnLoad, focusFirstItem, triggerRef, triggerProps } = useDeferredMenu();
  const trigger = (
    <Button
      ref={triggerRef}
      variant="ghost"
      size={showLabel ? "sm" : "icon"}
      className={className}
      aria-label={showLabel ? undefined : `${t("language.label")}: ${t(`language.${language}`)}`}
      data-menu="language"
      {...triggerProps}
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
  );
  if (!menus) return trigger;
  return (
    <menus.LanguageMenu
      trigger={trigger}
      defaultOpen={openOnLoad}
      focusFirstItem={focusFirstItem}
      saveToProfile={saveToProfile}
    />
  );
}
