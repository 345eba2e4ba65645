import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Label } from "#client/components/ui/label.tsx";
import { cn } from "#client/lib/cn.ts";
import { profileMessageKey } from "#shared/schemas/profile.schema.ts";

/** The ids a field's control needs so its label, hint and error are read with it. */
export function profileFieldIds(name: string) {
  return { input: `profile-${name}`, hint: `profile-${name}-hint`, error: `profile-${name}-error` };
}

/** aria-describedby for a control: its error (when there is one) and its hint (when it has one). */
export function profileDescribedBy(name: string, options: { hint?: boolean; error?: unknown }) {
  const ids = profileFieldIds(name);
  return (
    [options.error ? ids.error : null, options.hint ? ids.hint : null].filter(Boolean).join(" ") ||
    undefined
  );
}

/**
 * Turns a field's error into words in the current language: one of the shared schema's messages
 * (the form's and the server's), or a key of this namespace (`validation.…`, `common:errors.…`).
 */
export function useFieldError() {
  const { t } = useTranslation("profile");
  return (message: string | undefined): string | null => {
    if (!message) return null;
    const key = profileMessageKey(message);
    if (key) return t(`validation.${key}`);
    if (message.startsWith("validation.") || message.startsWith("common:")) return t(message);
    return t("validation.invalid");
  };
}

/** A label (with "optional" where it applies), the control, a hint, and the error under it. */
export function ProfileField({
  name,
  label,
  optional = false,
  hint,
  error,
  className,
  children,
}: {
  name: string;
  label: string;
  optional?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation("profile");
  const translate = useFieldError();
  const ids = profileFieldIds(name);
  const text = translate(error);
  return (
    <div className={cn("grid content-start gap-2", className)}>
      <Label htmlFor={ids.input}>
        {label}
        {optional ? (
          <span className="font-normal text-muted-foreground">({t("fields.optional")})</span>
        ) : null}
      </Label>
      {children}
      {hint ? (
        <p id={ids.hint} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {text ? (
        <p id={ids.error} className="text-sm text-destructive">
          {text}
        </p>
      ) : null}
    </div>
  );
}
