import { useId } from "react";
import { cn } from "#client/lib/cn.ts";

/**
 * A choice between a few options, each a bordered card with its name and a line that explains
 * it (radio buttons underneath: Tab reaches the chosen one, arrow keys move). Side by side from
 * `sm` up (`columns`), stacked on a phone. An option is named by its label; its line is read as
 * its description.
 */
export function RadioCards<T extends string>({
  name,
  legend,
  value,
  options,
  onChange,
  columns = 2,
  className,
}: {
  name: string;
  legend: string;
  value: T;
  options: readonly { value: T; label: string; description: string }[];
  onChange: (value: T) => void;
  columns?: 2 | 3;
  className?: string;
}) {
  const uid = useId();
  return (
    <fieldset className={cn("grid min-w-0 gap-2", className)}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className={cn("grid gap-2", columns === 3 ? "sm:grid-cols-3" : "sm:grid-cols-2")}>
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-w-0 cursor-pointer items-start gap-2.5 rounded-lg border p-3 text-sm transition-colors has-checked:border-primary has-checked:bg-primary/5 has-focus-visible:ring-[3px] has-focus-visible:ring-ring/50"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              aria-describedby={`${uid}-${option.value}`}
              className="mt-0.5 size-4 shrink-0 accent-primary focus-visible:outline-none"
            />
            <span className="grid min-w-0 gap-0.5">
              <span className="font-medium">{option.label}</span>
              <span
                id={`${uid}-${option.value}`}
                aria-hidden="true"
                className="text-xs text-muted-foreground text-pretty"
              >
                {option.description}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
