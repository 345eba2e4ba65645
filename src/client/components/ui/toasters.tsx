import { useTheme } from "next-themes";
import { useEffect } from "react";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { Toaster, toast, type ToasterProps } from "sonner";
import { newsToaster, toastersReady } from "#client/lib/toast.ts";
import { useIsMobile } from "#client/lib/use-mobile.ts";

const look = {
  "--normal-bg": "var(--popover)",
  "--normal-text": "var(--popover-foreground)",
  "--normal-border": "var(--border)",
} as React.CSSProperties;

/**
 * The two toasters of lib/toast.ts, loaded with the first toast (or when the dashboard
 * opens): the main style shows one toast at a time (a new one replaces it), the stacked style up
 * to three; 4000 ms each, 356 px wide, 14 px apart (the specification's values, sonner's own).
 * Both follow the theme and the language, and sit under the top bar, where no button is: not
 * over its Add entry, nor over the buttons at the bottom of a form or a dialog (the sticky Save
 * bars on a phone, Save at the bottom right of a card on a computer). The main one is in the
 * middle, where the eye is; the news at the right on a computer, under the main one on a phone.
 */
export function Toasters() {
  const { theme = "system" } = useTheme();
  const { t } = useTranslation("common");
  const phone = useIsMobile();
  // The toasters listen once mounted (sonner subscribes in its own effects, which run first).
  useEffect(() => toastersReady(toast), []);
  const shared: ToasterProps = {
    theme: theme as ToasterProps["theme"],
    className: "toaster group",
    duration: 4000,
    style: look,
    // Under the dashboard's top bar (3.5 rem).
    offset: { top: "4.5rem", right: "1.5rem" },
    mobileOffset: { top: "4rem", left: "0.75rem", right: "0.75rem" },
  };
  return (
    <>
      <Toaster
        {...shared}
        position="top-center"
        containerAriaLabel={t("notifications")}
        visibleToasts={1}
      />
      <Toaster
        {...shared}
        id={newsToaster}
        position={phone ? "top-center" : "top-right"}
        containerAriaLabel={t("news")}
        visibleToasts={3}
        // Under the main one where they meet on a phone: the action just taken comes first.
        style={{ ...look, zIndex: 999_999_998 }}
        hotkey={["altKey", "KeyN"]}
      />
    </>
  );
}
