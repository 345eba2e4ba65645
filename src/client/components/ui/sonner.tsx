import { useTheme } from "next-themes";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { Toaster as Sonner, type ToasterProps } from "sonner";
import { useIsMobile } from "#client/lib/use-mobile.ts";

/**
 * Toasts follow the theme and the language (the region's name for screen readers); three
 * visible, 4000 ms each (sonner's defaults, kept on purpose). On a phone they come in at the
 * top, clear of the forms' sticky Save bars and the pages' action buttons at the bottom.
 */
export function Toaster(props: ToasterProps) {
  const { theme = "system" } = useTheme();
  const { t } = useTranslation("common");
  const phone = useIsMobile();
  return (
    <Sonner
      position={phone ? "top-center" : "bottom-right"}
      theme={theme as ToasterProps["theme"]}
      containerAriaLabel={t("notifications")}
      className="toaster group"
      visibleToasts={3}
      duration={4000}
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
        } as React.CSSProperties
      }
      {...props}
    />
  );
}
