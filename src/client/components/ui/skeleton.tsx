import type * as React from "react";
import { cn } from "#client/lib/cn.ts";

/** A calm placeholder block while something loads. Decorative: pair it with aria-busy on its region. */
export function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn("animate-pulse rounded-md bg-muted motion-reduce:animate-none", className)}
      {...props}
    />
  );
}
