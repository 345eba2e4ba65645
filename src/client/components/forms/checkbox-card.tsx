import type * as React from "react";
import { cn } from "#client/lib/cn.ts";

/** A checkbox in a bordered box, with what it means and a line that explains it. */
export function CheckboxCard({
  label,
  description,
  className,
  ...props
}: Omit<React.ComponentProps<"input">, "type"> & {
  label: React.ReactNode;
  description?: React.ReactNode;
}) {
  return (
    <label className={cn("flex items-start gap-3 rounded-lg border p-3 text-sm", className)}>
      <input type="checkbox" className="mt-0.5 size-4 shrink-0 accent-primary" {...props} />
      <span className="grid gap-0.5">
        <span className="font-medium">{label}</span>
        {description ? <span className="text-muted-foreground">{description}</span> : null}
      </span>
    </label>
  );
}
