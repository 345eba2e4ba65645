import type * as React from "react";
import { Input } from "#client/components/ui/input.tsx";
import { cn } from "#client/lib/cn.ts";
import { useLanguage } from "#client/lib/use-language.ts";

/** A sign beside what is typed ("€", "%", "EUR"); not read out, the label says what it is. */
function Unit({ side, children }: { side: "left" | "right"; children: React.ReactNode }) {
  return (
    <span
      className={cn(
        "pointer-events-none absolute top-1/2 -translate-y-1/2 text-sm text-muted-foreground",
        side === "left" ? "left-3" : "right-3",
      )}
      aria-hidden="true"
    >
      {children}
    </span>
  );
}

/**
 * A number typed the language's way (a decimal keyboard, right-aligned figures), with a sign
 * before or after it. The caller makes room for the sign (`pl-…`, `pr-…`).
 */
function NumberInput({
  before,
  after,
  className,
  ...props
}: React.ComponentProps<"input"> & { before?: React.ReactNode; after?: React.ReactNode }) {
  const language = useLanguage();
  return (
    <div className="relative">
      {before ? <Unit side="left">{before}</Unit> : null}
      <Input
        inputMode="decimal"
        autoComplete="off"
        placeholder={language === "nl" ? "0,00" : "0.00"}
        className={cn("text-right tabular-nums", className)}
        {...props}
      />
      {after ? <Unit side="right">{after}</Unit> : null}
    </div>
  );
}

/** An amount typed the language's way, with a euro sign in front. */
export function MoneyInput({ className, ...props }: React.ComponentProps<"input">) {
  return <NumberInput before="€" className={cn("pl-7", className)} {...props} />;
}

/** A percentage typed the language's way, with a % sign behind. */
export function PercentInput({ className, ...props }: React.ComponentProps<"input">) {
  const language = useLanguage();
  return (
    <NumberInput
      after="%"
      placeholder={language === "nl" ? "2,25" : "2.25"}
      className={cn("pr-7", className)}
      {...props}
    />
  );
}

/** A number with decimals typed the language's way, with a unit (a currency code) behind. */
export function DecimalInput({
  className,
  unit,
  ...props
}: React.ComponentProps<"input"> & { unit?: string }) {
  return <NumberInput after={unit} className={cn(unit ? "pr-14" : null, className)} {...props} />;
}
