import type { ReactNode } from "react";
import type { toast as sonnerToast } from "sonner";

/**
 * Hearth's one way to show a toast (decision 038), in two styles:
 *
 * - **The main style** — `toast.success`, `toast.error`, `toast.info` — says what the action just
 *   taken did or why it failed, with its undo where there is one. One at a time: a new one
 *   replaces the one shown, so a message never stands for an earlier action.
 * - **The stacked style** — `toast.news` — is news from the background: something that happened
 *   while the person did something else (a download that arrived, data that could not be loaded,
 *   a reminder). Up to three stack, newest first, each for 4 s.
 *
 * sonner is not in the first load of any page (decision 030): the toasters and sonner load with
 * the first toast (or when the dashboard opens); toasts asked for before that are shown as soon
 * as they are there.
 */

export type ToastAction = { label: string; onClick: () => void };
export type ToastOptions = {
  description?: ReactNode;
  /** A button on the toast: "Undo" after a deletion. */
  action?: ToastAction;
  /** A toast with the id of the one shown changes it instead of adding one. */
  id?: string;
};
export type NewsOptions = ToastOptions & { tone?: "info" | "success" | "error" };

type Sonner = typeof sonnerToast;
type Show = (sonner: Sonner) => void;

/** The stacked style's toaster (the main style is sonner's default toaster). */
export const newsToaster = "news";

let sonner: Sonner | null = null;
let wanted = false;
const waiting: Show[] = [];
const listeners = new Set<() => void>();

/** For the toasters' mount point (app/providers): whether they are wanted yet. */
export function subscribeToasters(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export function toastersWanted(): boolean {
  return wanted;
}

/** Mounts the toasters (and loads sonner) now, before any toast: the dashboard does. */
export function preloadToasters(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/** Called by the toasters once they listen: what was asked for before is shown now. */
export function toastersReady(api: Sonner): void {
  sonner = api;
  for (const show of waiting.splice(0)) show(api);
}

function run(show: Show): void {
  if (sonner) {
    show(sonner);
    return;
  }
  waiting.push(show);
  preloadToasters();
}

let shownMain: string | number | null = null;
let counter = 0;

function main(kind: "success" | "error" | "info", message: string, options: ToastOptions = {}) {
  run((api) => {
    const id = options.id ?? `main-${++counter}`;
    // One at a time: the one shown goes as the new one comes.
    if (shownMain !== null && shownMain !== id) api.dismiss(shownMain);
    shownMain = id;
    const gone = () => {
      if (shownMain === id) shownMain = null;
    };
    api[kind](message, { ...options, id, onDismiss: gone, onAutoClose: gone });
  });
}

export const toast = {
  /** The action just taken worked (main style). */
  success: (message: string, options?: ToastOptions) => main("success", message, options),
  /** The action just taken failed, and why (main style). */
  error: (message: string, options?: ToastOptions) => main("error", message, options),
  /** The action just taken did nothing, and why (main style). */
  info: (message: string, options?: ToastOptions) => main("info", message, options),
  /** News from the background (stacked style). */
  news: (message: string, { tone = "info", ...options }: NewsOptions = {}) =>
    run((api) => {
      api[tone](message, { ...options, toasterId: newsToaster });
    }),
};
