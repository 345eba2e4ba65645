import type { ReactNode } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { cn } from "#client/lib/cn.ts";

/**
 * One figure of an area (saved, interest, value, gain): its label with an icon, the value large
 * (`<testId>-value`), a hint beneath, a skeleton while loading.
 */
export function FigureCard({
  label,
  value,
  hint,
  loading,
  testId,
  icon,
  valueClass,
}: {
  label: string;
  value: string;
  hint?: ReactNode;
  loading: boolean;
  testId: string;
  icon: ReactNode;
  valueClass?: string;
}) {
  return (
    <Card className="gap-2 py-5" data-testid={testId}>
      <CardHeader className="flex flex-row items-center gap-2 px-5">
        {icon}
        <CardTitle className="text-sm font-medium text-muted-foreground">{label}</CardTitle>
      </CardHeader>
      <CardContent className="px-5">
        {loading ? (
          <Skeleton className="h-8 w-32" />
        ) : (
          <p
            className={cn("text-2xl font-semibold tracking-tight tabular-nums", valueClass)}
            data-testid={`${testId}-value`}
          >
            {value}
          </p>
        )}
        {hint && !loading ? <p className="mt-1 text-xs text-muted-foreground">{hint}</p> : null}
      </CardContent>
    </Card>
  );
}
