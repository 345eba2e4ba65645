import { cn } from "#client/lib/cn.ts";

/** Hearth's mark: a flame in a rounded square, and the name. */
export function Logo({ className, withName = true }: { className?: string; withName?: boolean }) {
  return (
    <span className={cn("inline-flex items-center gap-2 font-semibold tracking-tight", className)}>
      <svg viewBox="0 0 32 32" className="size-7 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="7" className="fill-primary" />
        <path
          d="M16 6c1.5 4 6 6.5 6 11.5A6 6 0 0 1 16 24a6 6 0 0 1-6-6.5c0-2.5 1.3-4 2.6-5.2.2 1.8 1 3 2.3 3.4C14.4 12 15 8.5 16 6z"
          className="fill-primary-foreground"
        />
      </svg>
      {withName ? <span className="text-lg">Hearth</span> : null}
    </span>
  );
}
