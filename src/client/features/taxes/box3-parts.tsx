import { useId, type ReactNode } from "react";
import { cn } from "#client/lib/cn.ts";

/** A part of the box 3 card: its heading, an action beside it, a line under it, its content. */
export function Box3Section({
  title,
  intro,
  action,
  testId,
  children,
}: {
  title: string;
  intro?: ReactNode;
  action?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="grid min-w-0 gap-3" data-testid={testId}>
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <div className="grid min-w-0 flex-1 basis-64 gap-1">
          <h3 id={titleId} className="font-medium">
            {title}
          </h3>
          {intro ? <p className="text-sm text-muted-foreground text-pretty">{intro}</p> : null}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}

/** A bordered box of figures, a definition list: a label on the left, the amount on the right. */
export function FigureList({
  title,
  className,
  testId,
  children,
}: {
  title?: ReactNode;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={cn("grid min-w-0 content-start rounded-lg border", className)}
      data-testid={testId}
    >
      {title ? <div className="border-b px-3 py-2 text-sm font-medium">{title}</div> : null}
      <dl className="grid px-3 py-1 text-sm">{children}</dl>
    </div>
  );
}

/**
 * One line of a figure list: what it is (with a line that explains it), and the figure.
 * `total` marks a line that adds up those above it.
 */
export function FigureRow({
  label,
  hint,
  value,
  total = false,
  testId,
}: {
  label: ReactNode;
  hint?: ReactNode;
  value: ReactNode;
  total?: boolean;
  testId?: string;
}) {
  return (
    <div
      className={cn(
        "flex items-baseline justify-between gap-4 py-1.5",
        total && "-mx-3 border-t bg-muted/40 px-3 font-medium",
      )}
      data-testid={testId}
    >
      <dt className="min-w-0">
        {label}
        {hint ? (
          <span className="block text-xs font-normal text-muted-foreground text-pretty">
            {hint}
          </span>
        ) : null}
      </dt>
      <dd className="shrink-0 text-right whitespace-nowrap tabular-nums">{value}</dd>
    </div>
  );
}
