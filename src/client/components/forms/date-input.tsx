import { CalendarIcon } from "lucide-react";
import { Popover } from "radix-ui";
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from "react";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { Input } from "#client/components/ui/input.tsx";
import { cn } from "#client/lib/cn.ts";
import { useLanguage } from "#client/lib/use-language.ts";
import { dateFieldFormat, formatDateField, parseDateField, type IsoDate } from "#shared/dates.ts";
import { DateCalendar } from "./date-calendar.tsx";

/** What react-hook-form's `register` reads and writes: the `YYYY-MM-DD` value, focus. */
export type DateInputHandle = {
  /** "text", so react-hook-form reads the value from here, not from its change events. */
  type: "text";
  value: string;
  name: string | undefined;
  focus: () => void;
};

/** What a date field tells its form: the `YYYY-MM-DD` date, or the text when it is no date. */
type DateChange = { target: { name: string | undefined; value: string }; type?: string };

export type DateInputProps = Omit<
  React.ComponentProps<"input">,
  "type" | "value" | "defaultValue" | "onChange" | "onBlur" | "ref" | "min" | "max"
> & {
  /** `YYYY-MM-DD` (or "" or what was typed), when the caller holds the value. */
  value?: string;
  defaultValue?: string;
  /** The first and last day the calendar offers (`YYYY-MM-DD`; `register` may hand numbers). */
  min?: IsoDate | number | undefined;
  max?: IsoDate | number | undefined;
  /** As an input's (`register(…)` fits): the date, or the text typed when it is no date. */
  onChange?: (event: DateChange) => void;
  onBlur?: (event: DateChange) => void;
  /** Only a whole date or "" (a filter): what is typed half-way changes nothing. */
  onValueChange?: (value: IsoDate | "") => void;
  ref?: Ref<DateInputHandle>;
};

/** After two digits of the day or the month, the separator comes by itself. */
function withSeparator(previous: string, next: string, separator: string): string {
  if (next.length <= previous.length) return next;
  if (/^\d{2}$/.test(next) || /^\d{1,2}\D\d{2}$/.test(next)) return `${next}${separator}`;
  // A separator typed right after the one that came by itself is one too many.
  if (/\D\D$/.test(next)) return next.slice(0, -1);
  return next;
}

/**
 * A calendar date typed and picked in Hearth's language, whatever the browser's: `dd-mm-jjjj` in
 * Dutch, `dd/mm/yyyy` in English, digits alone work (the separators come by themselves), and
 * a calendar with the language's month and day names opens from the button or with Alt+↓. One
 * tab stop (the button is for the mouse and touch). The value the form gets stays `YYYY-MM-DD`.
 * Works with `register(…)` and with `value` + `onChange`/`onValueChange`.
 */
export function DateInput({
  value,
  defaultValue,
  min,
  max,
  onChange,
  onBlur,
  onValueChange,
  onKeyDown,
  name,
  disabled,
  className,
  ref,
  ...props
}: DateInputProps) {
  const { t } = useTranslation("common");
  const language = useLanguage();
  const format = dateFieldFormat[language];
  const inputRef = useRef<HTMLInputElement>(null);
  /** The value the form has (`YYYY-MM-DD`, "", or text that is no date). */
  const valueRef = useRef(value ?? defaultValue ?? "");
  const [text, setText] = useState(() => formatDateField(value ?? defaultValue ?? "", language));
  const [open, setOpen] = useState(false);
  const languageRef = useRef(language);
  /** Closed by a click elsewhere: the focus goes where the person clicked, not back here. */
  const clickedAway = useRef(false);

  // One handle for the field's life: react-hook-form keeps it and sees it again on every
  // render (a new one each time would make it write the value again, and again).
  const nameRef = useRef(name);
  useEffect(() => {
    nameRef.current = name;
  }, [name]);
  const [handle] = useState<DateInputHandle>(() => ({
    type: "text",
    get value() {
      return valueRef.current;
    },
    set value(next: string) {
      valueRef.current = next ?? "";
      setText(formatDateField(valueRef.current, languageRef.current));
    },
    get name() {
      return nameRef.current;
    },
    focus: () => inputRef.current?.focus(),
  }));
  useImperativeHandle(ref, () => handle, [handle]);

  // The caller changed the value (a reset, another filter): show it.
  useEffect(() => {
    if (value === undefined || value === valueRef.current) return;
    valueRef.current = value;
    setText(formatDateField(value, languageRef.current));
  }, [value]);

  // Another language on screen: the same date its way.
  useEffect(() => {
    if (languageRef.current === language) return;
    languageRef.current = language;
    setText(formatDateField(valueRef.current, language));
  }, [language]);

  const emit = (next: string) => {
    valueRef.current = next;
    onChange?.({ target: { name, value: next }, type: "change" });
    const date = parseDateField(next);
    if (date) onValueChange?.(date);
    else if (next === "") onValueChange?.("");
  };

  /** A date written short ("7-3", "070326") as a whole one, when the person is done with it. */
  const complete = () => {
    const date = parseDateField(text, { complete: false });
    if (!date) return;
    setText(formatDateField(date, language));
    if (date !== valueRef.current) emit(date);
  };

  const pick = (date: IsoDate) => {
    setText(formatDateField(date, language));
    emit(date);
    setOpen(false);
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Anchor asChild>
        <div className="relative">
          <Input
            ref={inputRef}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            placeholder={format.placeholder}
            aria-keyshortcuts="Alt+ArrowDown"
            disabled={disabled}
            className={cn("pr-10 tabular-nums", className)}
            value={text}
            onChange={(event) => {
              const next = withSeparator(text, event.target.value, format.separator);
              setText(next);
              const date = parseDateField(next);
              emit(date ?? next.trim());
            }}
            onBlur={() => {
              complete();
              onBlur?.({ target: { name, value: valueRef.current }, type: "blur" });
            }}
            onKeyDown={(event) => {
              if (event.key === "ArrowDown" && event.altKey) {
                event.preventDefault();
                setOpen(true);
              } else if (event.key === "Enter") {
                // Enter saves the form: with the date as it will be read.
                complete();
              }
              onKeyDown?.(event);
            }}
            {...props}
          />
          {/* A form read as form data gets the date as YYYY-MM-DD. */}
          {name ? (
            <input
              type="hidden"
              name={name}
              value={parseDateField(text, { complete: false }) ?? text}
            />
          ) : null}
          <Popover.Trigger asChild>
            <button
              type="button"
              tabIndex={-1}
              disabled={disabled}
              aria-label={t("dateField.openCalendar")}
              className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground disabled:opacity-50"
            >
              <CalendarIcon className="size-4" aria-hidden="true" />
            </button>
          </Popover.Trigger>
        </div>
      </Popover.Anchor>
      {/* Not in a portal: inside a dialog, the dialog's focus trap lets the calendar's days have
          the focus only when they are within it. */}
      <Popover.Content
        align="end"
        sideOffset={4}
        collisionPadding={8}
        aria-label={t("dateField.calendar")}
        className="z-50 rounded-md border bg-popover p-3 text-popover-foreground shadow-md"
        onOpenAutoFocus={(event) => {
          // The calendar focuses its day itself.
          event.preventDefault();
          clickedAway.current = false;
        }}
        onInteractOutside={() => {
          clickedAway.current = true;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (!clickedAway.current) inputRef.current?.focus();
        }}
      >
        <DateCalendar
          value={parseDateField(text, { complete: false })}
          min={typeof min === "string" ? min : undefined}
          max={typeof max === "string" ? max : undefined}
          onSelect={pick}
        />
      </Popover.Content>
    </Popover.Root>
  );
}
