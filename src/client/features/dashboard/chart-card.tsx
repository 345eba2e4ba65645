import { ChartNoAxesColumnIcon, TableIcon } from "lucide-react";
import { useId, useState, type ComponentProps, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import { cn } from "#client/lib/cn.ts";

/**
 * A card that shows its numbers as a chart or, for those who prefer to read, as a table. The
 * chart's drawing goes in a `ChartImage`: one image to screen readers, named by its numbers.
 */
export function ChartCard({
  title,
  description,
  chart,
  table,
  footer,
  className,
  testId,
}: {
  title: string;
  description?: ReactNode;
  chart: ReactNode;
  table: ReactNode;
  footer?: ReactNode;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation("dashboard");
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();
  return (
    <Card
      className={cn("min-w-0 gap-4", className)}
      aria-labelledby={headingId}
      data-testid={testId}
    >
      <CardHeader className="flex flex-row items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <CardTitle id={headingId} className="text-base">
            {title}
          </CardTitle>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </div>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="-mt-1 shrink-0 text-muted-foreground"
          aria-pressed={asTable}
          onClick={() => setAsTable((value) => !value)}
        >
          {asTable ? (
            <ChartNoAxesColumnIcon aria-hidden="true" />
          ) : (
            <TableIcon aria-hidden="true" />
          )}
          {asTable ? t("overview.showChart") : t("overview.showTable")}
        </Button>
      </CardHeader>
      <CardContent className="@container min-w-0">
        {asTable ? <div className="overflow-x-auto">{table}</div> : chart}
      </CardContent>
      {footer ? <div className="px-6">{footer}</div> : null}
    </Card>
  );
}

/**
 * A chart's drawing, as one image named by its numbers in words (nothing inside can be focused;
 * the image itself may be, to point at its months with the arrow keys).
 */
export function ChartImage({
  label,
  className,
  children,
  ...props
}: Omit<ComponentProps<"div">, "role" | "aria-label"> & {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="img" aria-label={label} className={className} {...props}>
      {children}
    </div>
  );
}

/** A plain data table in the cards' style. */
export function DataTable({
  caption,
  head,
  children,
}: {
  caption: string;
  head: ReactNode[];
  children: ReactNode;
}) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b text-left text-muted-foreground">
          {head.map((cell, index) => (
            <th
              key={index}
              scope="col"
              className={cn("py-2 font-medium", index > 0 && "pl-3 text-right")}
            >
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="[&_td]:py-2 [&_td:not(:first-child)]:pl-3 [&_td:not(:first-child)]:text-right [&_td:not(:first-child)]:tabular-nums [&_tr]:border-b [&_tr:last-child]:border-0">
        {children}
      </tbody>
    </table>
  );
}
