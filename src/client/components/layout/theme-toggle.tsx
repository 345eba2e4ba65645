import { MoonIcon, SunIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "#client/components/ui/button.tsx";
import { useDeferredMenu } from "./deferred-menu.ts";

/**
 * Light, dark or system; kept under the key `theme` by next-themes. The menu itself
 * (header-menus.tsx) loads when a person reaches for the button.
 */
export function ThemeToggle({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { menus, openOnLoad, focusFirstItem, triggerRef, triggerProps } = useDeferredMenu();
  const trigger = (
    <Button
      ref={triggerRef}
      variant="ghost"
      size="icon"
      className={className}
      aria-label={t("theme.label")}
      data-menu="theme"
      {...triggerProps}
    >
      <SunIcon className="size-4 scale-100 rotate-0 transition-all dark:scale-0 dark:-rotate-90" />
      <MoonIcon className="absolute size-4 scale-0 rotate-90 transition-all dark:scale-100 dark:rotate-0" />
    </Button>
  );
  if (!menus) return trigger;
  return (
    <menus.ThemeMenu trigger={trigger} defaultOpen={openOnLoad} focusFirstItem={focusFirstItem} />
  );
}
