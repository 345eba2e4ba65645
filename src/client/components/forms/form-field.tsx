import { Slot } from "radix-ui";
import { useId, type ReactElement, type ReactNode } from "react";
import { Label } from "#client/components/ui/label.tsx";
import { cn } from "#client/lib/cn.ts";
import { useLanguage } from "#client/lib/use-language.ts";
import { formMessage } from "#shared/amount-messages.ts";

/** What a field's control needs so its label, hint and error are read with it. */
export type FieldControlProps = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

/**
 * A field's message under its control: a validation key of the shared schemas
 * (`#shared/validation.ts`) or an amount that reads two ways (`#shared/amount-messages.ts`) in
 * the language on screen, or a sentence shown as it is. Marked `data-form-error` and focusable
 * from script: a submit that shows it lands on it (`#client/lib/focus-form-errors.ts`).
 */
export function FieldError({ id, message }: { id?: string; message: string | undefined }) {
  const language = useLanguage();
  if (!message) return null;
  return (
    <p id={id} data-form-error="" tabIndex={-1} className="text-sm text-destructive outline-none">
      {formMessage(message, language)}
    </p>
  );
}

/**
 * One field of a form: its label, the control, an optional hint and the error under it.
 *
 * `children` is the control itself (an `Input`, `NativeSelect`, `MoneyInput`…, with its
 * `register(…)`): it gets the field's `id`, `aria-invalid` while there is an error, and
 * `aria-describedby` naming the error and the hint. When the control sits inside other markup
 * (an icon beside it, a meter under it), pass a function that places those props instead.
 *
 * `error` is the form's message for the field (`errors.name?.message`), shown as `FieldError`
 * shows it. The ids come from `useId` unless `id` names the control.
 */
export function FormField({
  label,
  error,
  hint,
  id,
  className,
  children,
}: {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  id?: string;
  className?: string;
  children: ReactElement | ((control: FieldControlProps) => ReactNode);
}) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const control: FieldControlProps = {
    id: inputId,
    "aria-invalid": error ? true : undefined,
    "aria-describedby":
      [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined,
  };
  return (
    <div className={cn("grid content-start gap-2", className)}>
      <Label htmlFor={inputId}>{label}</Label>
      {typeof children === "function" ? (
        children(control)
      ) : (
        <Slot.Root {...control}>{children}</Slot.Root>
      )}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/**
 * A group of choices (checkboxes, radio cards) under a visible legend, with the group's error
 * under it and read with it.
 */
export function FormFieldset({
  legend,
  error,
  className,
  children,
}: {
  legend: ReactNode;
  error?: string | undefined;
  className?: string;
  children: ReactNode;
}) {
  const errorId = `${useId()}-error`;
  return (
    <fieldset
      className={cn("grid gap-2", className)}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {children}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
