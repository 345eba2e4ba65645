import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Popover } from "radix-ui";
import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from "react";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { Input } from "#client/components/ui/input.tsx";
import { cn } from "#client/lib/cn.ts";
import type { Category, EntryKind } from "#shared/schemas/categories.schema.ts";
import type { MerchantSuggestion } from "#shared/schemas/transactions.schema.ts";
import { transactionQueries } from "./transactions.queries.ts";

/** The text typed, a moment after the last key (one request per pause, not per key). */
function useSettled(text: string, delay = 150): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), delay);
    return () => clearTimeout(timer);
  }, [text, delay]);
  return settled;
}

/**
 * The entry form's merchant (or source) field: it suggests the household's merchants as one
 * types (those starting with the text first, then the most used), each with the category last
 * used with it. A combobox: ↓ and ↑ move through the list (↓ also opens it), Enter picks the
 * highlighted one, Escape closes the list (and only the list), Tab moves on. With the list
 * closed, Enter is the form's: it saves. Picking one — or leaving the field with a known
 * merchant's exact name — hands it to `onPick`, which may propose its category.
 */
export function MerchantField({
  value,
  onChange,
  onBlur,
  onPick,
  kind,
  categories,
  name,
  ref,
  className,
  ...props
}: Omit<React.ComponentProps<"input">, "value" | "onChange" | "onBlur" | "ref"> & {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  onPick: (suggestion: MerchantSuggestion) => void;
  kind: EntryKind;
  /** To show each suggestion's category by name. */
  categories: readonly Category[];
  ref?: Ref<{ focus: () => void }>;
}) {
  const { t } = useTranslation("entries");
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => ({ focus: () => inputRef.current?.focus() }), []);
  const [focused, setFocused] = useState(false);
  /** Closed by a pick, Escape or Tab until the person types or presses ↓ again. */
  const [dismissed, setDismissed] = useState(true);
  const [active, setActive] = useState(-1);
  const query = useSettled(value.trim());
  const suggestions = useQuery({
    ...transactionQueries.merchants(query, kind),
    enabled: focused,
    placeholderData: keepPreviousData,
  });
  const items = focused && !dismissed ? (suggestions.data ?? []) : [];
  const open = items.length > 0;
  const categoryName = (id: string | null) =>
    id ? categories.find((category) => category.id === id)?.name : undefined;

  const pick = (item: MerchantSuggestion) => {
    onChange(item.merchant);
    onPick(item);
    setDismissed(true);
    setActive(-1);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) {
        setDismissed(false);
        setActive(0);
        return;
      }
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (current + step + items.length) % items.length);
    } else if (event.key === "Enter" && open) {
      const item = items[active];
      if (item) {
        // Enter picks; the next Enter saves.
        event.preventDefault();
        pick(item);
      }
    } else if (event.key === "Tab" && open) {
      setDismissed(true);
    }
  };

  const activeItem = open ? items[active] : undefined;

  return (
    <Popover.Root open={open} onOpenChange={(next) => !next && setDismissed(true)}>
      <Popover.Anchor asChild>
        <div className="relative">
          <Input
            ref={inputRef}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={open ? listId : undefined}
            aria-activedescendant={activeItem ? `${listId}-${active}` : undefined}
            autoComplete="off"
            name={name}
            value={value}
            className={className}
            onChange={(event) => {
              onChange(event.target.value);
              setDismissed(event.target.value.trim() === "");
              setActive(event.target.value.trim() === "" ? -1 : 0);
            }}
            onFocus={() => setFocused(true)}
            onBlur={() => {
              setFocused(false);
              setDismissed(true);
              const known = (suggestions.data ?? []).find(
                (item) => item.merchant.toLowerCase() === value.trim().toLowerCase(),
              );
              if (known && value.trim() !== "") onPick(known);
              onBlur?.();
            }}
            onKeyDown={onKeyDown}
            {...props}
          />
        </div>
      </Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          // A list under the field, not a dialog: the focus stays in the field.
          role="presentation"
          align="start"
          sideOffset={4}
          collisionPadding={8}
          className="z-50 w-(--radix-popover-trigger-width) min-w-56 rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
          onOpenAutoFocus={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => event.preventDefault()}
          onInteractOutside={(event) => {
            if (event.target === inputRef.current) event.preventDefault();
          }}
        >
          <ul id={listId} role="listbox" aria-label={t("form.merchantSuggestions")}>
            {items.map((item, index) => {
              const category = categoryName(item.categoryId);
              return (
                <li
                  key={item.merchant}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  className={cn(
                    "flex cursor-pointer items-center justify-between gap-3 rounded-sm px-2 py-2 text-sm",
                    index === active && "bg-accent text-accent-foreground",
                  )}
                  // The input keeps the focus: a click picks without leaving it.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => setActive(index)}
                  onClick={() => pick(item)}
                >
                  <span className="min-w-0 truncate">{item.merchant}</span>
                  {category ? (
                    <span className="shrink-0 text-xs text-muted-foreground">{category}</span>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
