import type * as React from "react";
import type { FieldErrors, FieldValues, Path, Resolver, UseFormSetError } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { Input } from "#client/components/ui/input.tsx";
import type { Account } from "#client/features/account/account.queries.ts";
import { activePeople, useMembers } from "#client/features/households/households.queries.ts";
import { ApiError } from "#client/lib/api.ts";
import { cn } from "#client/lib/cn.ts";
import { defaultLanguage, isLanguage, type Language } from "#shared/i18n.ts";
import { validationMessage } from "#shared/validation.ts";
import type { NameOf } from "./savings-format.ts";

export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : defaultLanguage;
}

/** Ids of a field's input and its message, from a form's `useId`. */
export function fieldIds(uid: string, name: string) {
  return { input: `${uid}-${name}`, error: `${uid}-${name}-error` };
}

/** A field's message: a validation key of the shared schemas in the language on screen. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  const language = useLanguage();
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {validationMessage(message, language)}
    </p>
  );
}

/** aria attributes of an input with a possible error. */
export function invalidProps(ids: { error: string }, message: string | undefined) {
  return message
    ? { "aria-invalid": true as const, "aria-describedby": ids.error }
    : { "aria-invalid": undefined, "aria-describedby": undefined };
}

/** An amount typed the language's way, with a euro sign in front. */
export function MoneyInput({ className, ...props }: React.ComponentProps<"input">) {
  const language = useLanguage();
  return (
    <div className="relative">
      <span
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground"
        aria-hidden="true"
      >
        €
      </span>
      <Input
        inputMode="decimal"
        autoComplete="off"
        placeholder={language === "nl" ? "0,00" : "0.00"}
        className={cn("pl-7 text-right tabular-nums", className)}
        {...props}
      />
    </div>
  );
}

/** A percentage typed the language's way, with a % sign behind. */
export function PercentInput({ className, ...props }: React.ComponentProps<"input">) {
  const language = useLanguage();
  return (
    <div className="relative">
      <Input
        inputMode="decimal"
        autoComplete="off"
        placeholder={language === "nl" ? "2,25" : "2.25"}
        className={cn("pr-7 text-right tabular-nums", className)}
        {...props}
      />
      <span
        className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-muted-foreground"
        aria-hidden="true"
      >
        %
      </span>
    </div>
  );
}

/** A row of options as radio buttons that look like a segmented control (arrow keys move). */
export function Segmented<T extends string>({
  name,
  legend,
  value,
  options,
  onChange,
  className,
  showLegend = false,
}: {
  name: string;
  legend: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  className?: string;
  showLegend?: boolean;
}) {
  return (
    <fieldset className={cn("grid min-w-0 gap-2", className)}>
      <legend className={showLegend ? "mb-2 text-sm font-medium" : "sr-only"}>{legend}</legend>
      <div className="grid auto-cols-fr grid-flow-col gap-1 rounded-lg bg-muted p-1">
        {options.map((option) => (
          <label key={option.value} className="relative min-w-0">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="peer sr-only"
            />
            <span className="flex h-8 cursor-pointer items-center justify-center rounded-md px-2 text-center text-sm leading-tight font-medium text-muted-foreground transition-colors peer-checked:bg-background peer-checked:text-foreground peer-checked:shadow-xs peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50">
              {option.label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * A resolver that checks a form's values with a shared schema (the server's own rules): the
 * form's values become the request (`toInput`), and each issue lands on the form field its
 * path names (`fieldOf`; the first one when none does).
 */
export function schemaResolver<V extends FieldValues>(
  schema: z.ZodType,
  toInput: (values: V) => unknown,
  fieldOf: (path: string) => Path<V>,
): Resolver<V> {
  return (values) => {
    const result = schema.safeParse(toInput(values));
    if (result.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const field = fieldOf(issue.path.map(String).join("."));
      if (!errors[field]) errors[field] = { type: "validation", message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<V> };
  };
}

/**
 * Puts a refused request's field messages on the form's fields (focusing the first). False
 * when the failure was not about fields: the caller then shows a toast.
 */
export function showServerErrors<V extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<V>,
  fieldOf: (path: string) => Path<V>,
): boolean {
  if (!(error instanceof ApiError) || error.code !== "VALIDATION" || !error.fields) return false;
  let first = true;
  for (const [path, message] of Object.entries(error.fields)) {
    setError(fieldOf(path), { type: "server", message }, { shouldFocus: first });
    first = false;
  }
  return !first;
}

/** The household's people (for owner and "from" pickers) and a name for any member id. */
export function usePeople(account: Account) {
  const { t } = useTranslation("savings");
  const members = useMembers(account);
  const all = members.data ?? [];
  const people = activePeople(all);
  const nameOf: NameOf = (memberId) =>
    all.find((member) => member.id === memberId)?.name ?? t("owner.formerMember");
  /** The household's aggregate row stands for joint money (a deposit "from" the household). */
  const isJoint = (memberId: string | null) =>
    memberId === null || all.some((member) => member.id === memberId && member.isHousehold);
  return { people, nameOf, isJoint, loading: members.isPending };
}
