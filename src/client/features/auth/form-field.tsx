import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Label } from "#client/components/ui/label.tsx";

/** The ids a field's input needs so its label, hint and error are read with it. */
export function fieldIds(name: string) {
  return { input: `${name}-input`, error: `${name}-error`, hint: `${name}-hint` };
}

/** The aria-describedby of a field: its hint and, when there is one, its error. */
export function describedBy(
  name: string,
  { hint = false, error = false }: { hint?: boolean; error?: boolean },
) {
  const ids = fieldIds(name);
  return [error ? ids.error : null, hint ? ids.hint : null].filter(Boolean).join(" ") || undefined;
}

/**
 * A label, the control, and the error under it. `error` is a translation key (the schemas and
 * the server errors both give keys), so it is translated here, in the current language.
 */
export function FormField({
  name,
  label,
  error,
  labelAside,
  children,
}: {
  name: string;
  label: string;
  error?: string | undefined;
  labelAside?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation("auth");
  const ids = fieldIds(name);
  return (
    <div className="grid gap-2">
      <div className="flex min-h-4 items-center justify-between gap-2">
        <Label htmlFor={ids.input}>{label}</Label>
        {labelAside}
      </div>
      {children}
      {error ? (
        <p id={ids.error} className="text-sm text-destructive">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}
