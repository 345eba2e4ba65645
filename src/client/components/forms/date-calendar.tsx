import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "#client/components/ui/button.tsx";
import { cn } from "#client/lib/cn.ts";
import { useLanguage } from "#client/lib/use-language.ts";
import {
  addDays,
  addMonths,
  daysInMonth,
  firstDate,
  isIsoDate,
  lastDate,
  today,
  type IsoDate,
} from "#shared/dates.ts";

/** The locale whose month and day names a calendar shows: Hearth's language, not the browser's. */
const localeOf = { en: "en-GB", nl: "nl-NL" } as const;

const utc = (date: IsoDate) => new Date(`${date}T00:00:00Z`);
/** Monday 0 … Sunday 6: both languages start the week on Monday. */
const weekdayIndex = (date: IsoDate) => (utc(date).getUTCDay() + 6) % 7;

/** The same day of another month, on its last day when that month is shorter. */
function moveMonths(date: IsoDate, count: number): IsoDate {
  const month = addMonths(date.slice(0, 7), count);
  const last = daysInMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7)));
  return `${month}-${String(Math.min(Number(date.slice(8, 10)), last)).padStart(2, "0")}`;
}

/**
 * A month's calendar to pick a day from, in Hearth's language: a grid of buttons with one tab
 * stop (the chosen or focused day); arrows move by a day or a week, Page Up/Down by a month
 * (with Shift a year), Home/End to the week's start or end, Enter picks.
 */
export function DateCalendar({
  value,
  min,
  max,
  onSelect,
}: {
  value: IsoDate | null;
  min?: IsoDate | undefined;
  max?: IsoDate | undefined;
  onSelect: (date: IsoDate) => void;
}) {
  const { t } = useTranslation("common");
  const language = useLanguage();
  const locale = localeOf[language];
  const labelId = useId();
  const lowest = min && isIsoDate(min) && min > firstDate ? min : firstDate;
  const highest = max && isIsoDate(max) && max < lastDate ? max : lastDate;
  const clamp = (date: IsoDate) => (date < lowest ? lowest : date > highest ? highest : date);
  const [focused, setFocused] = useState<IsoDate>(() => clamp(value ?? today()));
  const grid = useRef<HTMLTableElement>(null);
  const month = focused.slice(0, 7);

  useEffect(() => {
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused]);

  const first = `${month}-01`;
  const start = addDays(first, -weekdayIndex(first));
  const weeks = Array.from({ length: 6 }, (_, week) =>
    Array.from({ length: 7 }, (_, day) => addDays(start, week * 7 + day)),
  );
  const monthName = new Intl.DateTimeFormat(locale, {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(utc(first));
  const weekdays = Array.from({ length: 7 }, (_, day) => addDays("2024-01-01", day)).map(
    (date) => ({
      short: new Intl.DateTimeFormat(locale, { weekday: "short", timeZone: "UTC" }).format(
        utc(date),
      ),
      long: new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" }).format(utc(date)),
    }),
  );
  const dayLabel = new Intl.DateTimeFormat(locale, {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  const now = today();

  const onKeyDown = (event: React.KeyboardEvent) => {
    const moves: Record<string, () => IsoDate> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      PageUp: () => moveMonths(focused, event.shiftKey ? -12 : -1),
      PageDown: () => moveMonths(focused, event.shiftKey ? 12 : 1),
      Home: () => addDays(focused, -weekdayIndex(focused)),
      End: () => addDays(focused, 6 - weekdayIndex(focused)),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    event.stopPropagation();
    setFocused(clamp(move()));
  };

  return (
    <div className="grid gap-2" data-testid="date-calendar">
      <div className="flex items-center justify-between gap-2">
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={t("dateField.previousMonth")}
          disabled={`${month}-01` <= lowest}
          onClick={() => setFocused(clamp(moveMonths(focused, -1)))}
        >
          <ChevronLeftIcon aria-hidden="true" />
        </Button>
        <p id={labelId} aria-live="polite" className="text-sm font-medium first-letter:uppercase">
          {monthName}
        </p>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={t("dateField.nextMonth")}
          disabled={`${month}-31` >= highest}
          onClick={() => setFocused(clamp(moveMonths(focused, 1)))}
        >
          <ChevronRightIcon aria-hidden="true" />
        </Button>
      </div>
      <table
        ref={grid}
        role="grid"
        aria-labelledby={labelId}
        className="border-collapse"
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr>
            {weekdays.map((day) => (
              <th
                key={day.long}
                scope="col"
                abbr={day.long}
                className="size-9 text-xs font-normal text-muted-foreground"
              >
                {day.short.replace(/\.$/, "")}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((date) => {
                const outside = date.slice(0, 7) !== month;
                const selected = date === value;
                const disabled = date < lowest || date > highest;
                return (
                  <td key={date} aria-selected={selected} className="p-0 text-center">
                    <button
                      type="button"
                      data-day={date}
                      tabIndex={date === focused ? 0 : -1}
                      disabled={disabled}
                      aria-current={date === now ? "date" : undefined}
                      aria-label={dayLabel.format(utc(date))}
                      onClick={() => onSelect(date)}
                      onFocus={() => setFocused(date)}
                      className={cn(
                        "size-9 rounded-md text-sm tabular-nums outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-30",
                        outside && "text-muted-foreground",
                        date === now && !selected && "font-semibold text-primary",
                        selected && "bg-primary text-primary-foreground hover:bg-primary/90",
                      )}
                    >
                      {Number(date.slice(8, 10))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
