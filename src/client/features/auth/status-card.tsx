import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "#client/components/ui/card.tsx";
import { cn } from "#client/lib/cn.ts";

const tones = {
  info: "bg-primary/10 text-primary",
  success: "bg-success/15 text-success",
  error: "bg-destructive/10 text-destructive",
} as const;

/** One message page of the account flow: an icon, a heading, what happened, what to do. */
export function StatusCard({
  icon: Icon,
  tone,
  title,
  children,
  actions,
}: {
  icon: LucideIcon;
  tone: keyof typeof tones;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card className="gap-0 px-6 py-8 text-center shadow-md sm:px-10">
      <div className={cn("mx-auto mb-5 grid size-14 place-items-center rounded-full", tones[tone])}>
        <Icon className="size-7" aria-hidden="true" />
      </div>
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <div className="mt-3 space-y-3 text-sm leading-relaxed text-pretty text-muted-foreground">
        {children}
      </div>
      {actions ? <div className="mt-7 flex flex-col gap-3">{actions}</div> : null}
    </Card>
  );
}
