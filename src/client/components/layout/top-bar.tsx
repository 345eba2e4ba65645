import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Separator } from "#client/components/ui/separator.tsx";
import { SidebarTrigger, useSidebar } from "#client/components/ui/sidebar.tsx";
import { Tooltip, TooltipContent, TooltipTrigger } from "#client/components/ui/tooltip.tsx";
import { LanguagePicker } from "./language-picker.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";

function shortcutLabel(): string {
  const mac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.userAgent);
  return mac ? "⌘B" : "Ctrl+B";
}

/**
 * The bar above every dashboard page: the sidebar trigger, the page's title, and on the right
 * `actions` (the households work puts the scope picker there). On a narrow screen, where the
 * sidebar is a sheet, the theme and language switches sit here too.
 */
export function TopBar({ title, actions }: { title: string; actions?: ReactNode }) {
  const { t } = useTranslation("dashboard");
  const { isMobile } = useSidebar();
  const [hintOpen, setHintOpen] = useState(false);
  return (
    <header className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-2 border-b bg-background/90 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/75 sm:px-4">
      {/* The shortcut hint is for keyboards: not on a phone, where focus returns here from the sheet. */}
      <Tooltip open={hintOpen && !isMobile} onOpenChange={setHintOpen}>
        <TooltipTrigger asChild>
          <SidebarTrigger
            aria-label={t("shell.toggleSidebar")}
            aria-keyshortcuts="Control+B Meta+B"
          />
        </TooltipTrigger>
        <TooltipContent side="bottom">
          {t("shell.toggleSidebar")}{" "}
          <kbd className="ml-1 font-sans opacity-80">{shortcutLabel()}</kbd>
        </TooltipContent>
      </Tooltip>
      {/* On a phone the bar is full with the scope, add, language and theme; the page's own
          heading names it, so the title (which could show only "Da…") gives way. */}
      <Separator
        orientation="vertical"
        className="mr-1 data-[orientation=vertical]:h-5 max-sm:hidden"
      />
      <p className="min-w-0 truncate text-sm font-medium max-sm:hidden" data-testid="page-title">
        {title}
      </p>
      <div className="ml-auto flex items-center gap-1">
        {actions}
        <div className="flex items-center gap-1 md:hidden">
          <LanguagePicker saveToProfile />
          <ThemeToggle />
        </div>
      </div>
    </header>
  );
}
