import { HouseIcon } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { cn } from "#client/lib/cn.ts";

/**
 * An area's figure per member (saved, owed) beside its figure cards: a line per member and one
 * for what the household owns together, a skeleton while loading.
 */
export function PerMemberCard({
  title,
  rows,
  household,
  loading,
  testId,
  className,
  listClassName,
}: {
  title: string;
  rows: readonly { key: string; name: string; value: string }[];
  /** The household's own part: its label and value. */
  household: { label: string; value: string };
  loading: boolean;
  testId: string;
  className?: string;
  /** The list's layout (a wide card may put its lines in columns). */
  listClassName?: string;
}) {
  return (
    <Card className={cn("gap-2 py-5", className)} data-testid={testId}>
      <CardHeader className="px-5">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
      </CardHeader>
      <CardContent className="px-5">
        {loading ? (
          <Skeleton className="h-16 w-full" />
        ) : (
          <ul className={cn("grid gap-1.5 text-sm", listClassName)}>
            {rows.map((row) => (
              <li key={row.key} className="flex justify-between gap-3">
                <span className="min-w-0 truncate">{row.name}</span>
                <span className="font-medium tabular-nums">{row.value}</span>
              </li>
            ))}
            <li className="flex justify-between gap-3">
              <span className="flex min-w-0 items-center gap-1.5 truncate">
                <HouseIcon className="size-3.5 text-primary" aria-hidden="true" />
                {household.label}
              </span>
              <span className="font-medium tabular-nums">{household.value}</span>
            </li>
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
