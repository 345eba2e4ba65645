import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/**
 * An area's list before it has anything (no accounts, portfolios, goals or loans yet): an icon,
 * what is missing, what to do first, and the button that does it.
 */
export function EmptyState({
  icon: Icon,
  title,
  body,
  action,
  testId,
}: {
  icon: LucideIcon;
  title: string;
  body: string;
  action: ReactNode;
  testId: string;
}) {
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-muted/40 px-4 py-10 text-center"
      data-testid={testId}
    >
      <span className="grid size-12 place-items-center rounded-full bg-background text-primary shadow-xs">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <p className="font-medium">{title}</p>
      <p className="max-w-md text-sm text-muted-foreground text-pretty">{body}</p>
      {action}
    </div>
  );
}
