import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { cn } from "#client/lib/cn.ts";

/** The <main id="main"> of a dashboard page, with the page's padding and width. */
export function DashboardPage({ className, children, ...props }: React.ComponentProps<"main">) {
  return (
    <main
      id="main"
      tabIndex={-1}
      className={cn("flex-1 px-4 py-6 outline-none sm:px-6 lg:px-10 lg:py-10", className)}
      {...props}
    >
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-8">{children}</div>
    </main>
  );
}

/** A page's heading: an icon, the title (the page's only h1) and one sentence about it. */
export function PageHeader({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon?: LucideIcon;
  title: string;
  description?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="flex items-start gap-4">
      {Icon ? (
        <span className="mt-0.5 grid size-10 shrink-0 place-items-center rounded-xl bg-primary/10 text-primary sm:size-11">
          <Icon className="size-5" aria-hidden="true" />
        </span>
      ) : null}
      <div className="min-w-0 flex-1 space-y-1.5">
        <h1 className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl">{title}</h1>
        {description ? (
          <p className="max-w-2xl text-muted-foreground text-pretty">{description}</p>
        ) : null}
      </div>
      {children}
    </div>
  );
}
