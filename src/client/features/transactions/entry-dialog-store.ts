import { useSyncExternalStore } from "react";
import type { EntryKind } from "#shared/schemas/categories.schema.ts";
import type { Transaction } from "#shared/schemas/transactions.schema.ts";

/**
 * Whether the entry form is open, and for what: a new entry (of a kind) or an existing one.
 * One dialog serves the whole dashboard: the top bar's button, the "n" shortcut, a list row.
 */
export type EntryDialogState = {
  open: boolean;
  kind: EntryKind;
  /** The entry being edited, or null for a new one. */
  entry: Transaction | null;
  /** Changes on every opening, so the form starts afresh. */
  key: number;
};

let state: EntryDialogState = { open: false, kind: "expense", entry: null, key: 0 };
/** What had the focus when the dialog opened: it gets it back when the dialog closes. */
let returnFocus: HTMLElement | null = null;
const listeners = new Set<() => void>();

function set(next: EntryDialogState) {
  state = next;
  for (const listener of listeners) listener();
}

export function openEntryDialog({
  kind,
  entry,
}: { kind?: EntryKind; entry?: Transaction | null } = {}) {
  if (!state.open) {
    const active = typeof document === "undefined" ? null : document.activeElement;
    returnFocus = active instanceof HTMLElement && active !== document.body ? active : null;
  }
  const entryKind = entry && entry.kind !== "settlement" ? entry.kind : undefined;
  set({
    open: true,
    kind: entryKind ?? kind ?? "expense",
    entry: entry ?? null,
    key: state.key + 1,
  });
}

export function closeEntryDialog() {
  set({ ...state, open: false });
}

/** The top bar's "Add entry" button (entry-dialog.tsx). */
const addEntryButtonSelector = "[data-testid='add-entry']";

/**
 * The element to give the focus back to after closing: what had it when the dialog opened, if
 * it is still on the page; otherwise (opened with the "n" shortcut, or that element is gone) the
 * top bar's "Add entry" button, so a keyboard user keeps their place instead of the page body.
 */
export function entryDialogReturnFocus(): HTMLElement | null {
  if (returnFocus?.isConnected) return returnFocus;
  if (typeof document === "undefined") return null;
  return document.querySelector<HTMLElement>(addEntryButtonSelector);
}

export function useEntryDialog(): EntryDialogState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}
