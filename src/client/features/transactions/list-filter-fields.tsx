import { SearchIcon } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { useLanguage } from "#client/lib/use-language.ts";
import { parseMoney } from "#shared/money.ts";
import { formatCentsInput } from "./amount-input.ts";

/** The amount a filter's text says, without its sign; null when empty, undefined when not an amount. */
function filterCents(text: string): number | null | undefined {
  if (text.trim() === "") return null;
  const value = parseMoney(text);
  return value === null ? undefined : Math.abs(value);
}

/**
 * An amount filter: typed the language's way, kept in the URL in cents. Like the search, it
 * filters after a short pause in typing (and at once on Enter); what is not an amount yet is
 * left alone while typing and put back on leaving the field.
 */
export function AmountFilter({
  id,
  label,
  cents,
  onChange,
}: {
  id: string;
  label: string;
  cents: number | undefined;
  onChange: (cents: number | null) => void;
}) {
  const language = useLanguage();
  const shown = cents === undefined ? "" : formatCentsInput(cents, language);
  const [text, setText] = useState(shown);
  const [lastShown, setLastShown] = useState(shown);
  // What this field applied while it was being typed in: its own change coming back through the
  // URL (perhaps after more was typed, on a slow device) never overwrites the text; a change
  // from elsewhere (Clear, the browser's Back) does.
  const [sent, setSent] = useState<readonly (number | null)[]>([]);
  const send = useCallback(
    (value: number | null) => {
      setSent((values) => [...values, value]);
      onChange(value);
    },
    [onChange],
  );
  if (shown !== lastShown) {
    setLastShown(shown);
    if (!sent.includes(cents ?? null)) {
      setSent([]);
      // The filter applied from what is being typed keeps the text as typed ("12" stays "12").
      if (filterCents(text) !== (cents ?? null)) setText(shown);
    }
  }
  useEffect(() => {
    const value = filterCents(text);
    if (value === undefined || value === (cents ?? null)) return;
    const timer = setTimeout(() => send(value), 300);
    return () => clearTimeout(timer);
  }, [text, cents, send]);
  const apply = () => {
    const value = filterCents(text);
    if (value === undefined) {
      setText(shown);
      return;
    }
    if (value !== (cents ?? null)) send(value);
  };
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <Input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        placeholder={language === "nl" ? "0,00" : "0.00"}
        className="tabular-nums"
        onChange={(event) => setText(event.target.value)}
        onBlur={() => {
          apply();
          setSent([]);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter") apply();
        }}
      />
    </div>
  );
}

/** The search box: typing filters after a short pause; the URL keeps the text. */
export function SearchFilter({
  value,
  onChange,
}: {
  value: string;
  onChange: (q: string) => void;
}) {
  const { t } = useTranslation("entries");
  const [text, setText] = useState(value);
  const [last, setLast] = useState(value);
  // Its own search coming back through the URL keeps what was typed since (see AmountFilter).
  const [sent, setSent] = useState<readonly string[]>([]);
  const send = useCallback(
    (q: string) => {
      setSent((values) => [...values, q]);
      onChange(q);
    },
    [onChange],
  );
  if (value !== last) {
    setLast(value);
    if (!sent.includes(value)) {
      setSent([]);
      setText(value);
    }
  }
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => send(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text, value, send]);
  return (
    <div className="col-span-2 grid gap-1.5">
      <Label htmlFor="filter-q" className="text-xs text-muted-foreground">
        {t("list.search")}
      </Label>
      <div className="relative">
        <SearchIcon
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id="filter-q"
          type="search"
          value={text}
          placeholder={t("list.searchPlaceholder")}
          className="pl-9"
          onChange={(event) => setText(event.target.value)}
          onBlur={() => setSent([])}
          onKeyDown={(event) => {
            if (event.key === "Enter") send(text.trim());
          }}
        />
      </div>
    </div>
  );
}
