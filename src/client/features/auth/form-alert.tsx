import { CircleAlertIcon, CircleCheckIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "#client/lib/cn.ts";

/** A message above a form: what went wrong as a whole (`error`), or good news (`success`). */
export function FormAlert({
  tone,
  children,
  className,
}: {
  tone: "error" | "success";
  children: ReactNode;
  className?: string;
}) {
  const Icon = tone === "error" ? CircleAlertIcon : CircleCheckIcon;
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn(
        "flex items-start gap-2.5 rounded-lg border px-3 py-2.5 text-sm",
        tone === "error"
          ? "border-destructive/40 bg-destructive/5"
          : "border-success/40 bg-success/5",
        className,
      )}
    >
      <Icon
        className={cn(
          "mt-0.5 size-4 shrink-0",
          tone === "error" ? "text-destructive" : "text-success",
        )}
        aria-hidden="true"
      />
      <div className="text-foreground">{children}</div>
    </div>
  );
}
