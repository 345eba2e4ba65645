import { MonitorIcon, MoonIcon, SunIcon } from "lucide-react";
import { useTheme } from "next-themes";
import { useRef, type ReactElement } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "#client/lib/toast.ts";
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

/**
 * The menus of the language picker and the theme switch, with Radix's menu (and Floating UI):
 * loaded only when a person reaches for one of them (deferred-menu.ts), so a public page does
 * not fetch them to show two buttons. `trigger` is the button the page already showed.
 */
type MenuProps = { trigger: ReactElement; defaultOpen: boolean; focusFirstItem: boolean };

/**
 * A menu opened from the keyboard before it was loaded: Radix did not see the key, so it focuses
 * the menu itself; its first item takes the focus instead (once), as when Radix opens it.
 */
function useFirstItemFocus(focusFirstItem: boolean) {
  const done = useRef(!focusFirstItem);
  return (node: HTMLDivElement | null) => {
    if (!node || done.current) return;
    done.current = true;
    requestAnimationFrame(() => node.querySelector<HTMLElement>("[role^='menuitem']")?.focus());
  };
}

export function LanguageMenu({
  trigger,
  defaultOpen,
  focusFirstItem,
  saveToProfile,
}: MenuProps & { saveToProfile: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const contentRef = useFirstItemFocus(focusFirstItem);
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" ref={contentRef}>
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

const themes = ["light", "dark", "system"] as const;

export function ThemeMenu({ trigger, defaultOpen, focusFirstItem }: MenuProps) {
  const { t } = useTranslation();
  const { theme = "system", setTheme } = useTheme();
  const contentRef = useFirstItemFocus(focusFirstItem);
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" ref={contentRef}>
        <DropdownMenuLabel>{t("theme.label")}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={theme} onValueChange={setTheme}>
          {themes.map((value) => (
            <DropdownMenuRadioItem key={value} value={value}>
              {value === "light" ? <SunIcon /> : value === "dark" ? <MoonIcon /> : <MonitorIcon />}
              {t(`theme.${value}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
