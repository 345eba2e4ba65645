import { ArrowLeftIcon, type LucideIcon } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
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

/** "← Savings" above a detail page's heading: back to the area the page belongs to. */
export function BackLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex w-fit items-center gap-1.5 rounded-sm text-sm font-medium text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
    >
      <ArrowLeftIcon className="size-4" aria-hidden="true" />
      {children}
    </Link>
  );
}

/** A detail page while it loads: the way back, and the page's shape in grey. */
export function DetailPageLoading({ back }: { back: React.ReactNode }) {
  return (
    <DashboardPage aria-busy="true">
      {back}
      <Skeleton className="h-12 w-2/3" />
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-64 w-full" />
    </DashboardPage>
  );
}

/**
 * A detail page that could not be shown: `title` says whether the row does not exist (another
 * household's, or deleted) or failed to load, `detail` why (nothing for a missing row).
 */
export function DetailPageMissing({
  back,
  title,
  detail,
  testId,
}: {
  back: React.ReactNode;
  title: string;
  detail?: string | null;
  testId?: string;
}) {
  return (
    <DashboardPage>
      {back}
      <div
        className="rounded-xl border border-dashed bg-muted/40 px-6 py-10 text-center"
        role="alert"
        data-testid={testId}
      >
        <p className="font-medium">{title}</p>
        {detail ? <p className="mt-1 text-sm text-muted-foreground">{detail}</p> : null}
      </div>
    </DashboardPage>
  );
}
