import { cn } from "#client/lib/cn.ts";

/** A row of options as radio buttons that look like a segmented control (arrow keys move). */
export function Segmented<T extends string>({
  name,
  legend,
  value,
  options,
  onChange,
  className,
  showLegend = false,
}: {
  name: string;
  legend: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  className?: string;
  showLegend?: boolean;
}) {
  return (
    <fieldset className={cn("grid min-w-0 gap-2", className)}>
      <legend className={showLegend ? "mb-2 text-sm font-medium" : "sr-only"}>{legend}</legend>
      <div className="grid auto-cols-fr grid-flow-col gap-1 rounded-lg bg-muted p-1">
        {options.map((option) => (
          <label key={option.value} className="relative min-w-0">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="peer sr-only"
            />
            <span className="flex h-8 cursor-pointer items-center justify-center rounded-md px-2 text-center text-sm leading-tight font-medium text-muted-foreground transition-colors peer-checked:bg-background peer-checked:text-foreground peer-checked:shadow-xs peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50">
              {option.label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
