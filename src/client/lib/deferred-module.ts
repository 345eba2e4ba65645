import { useEffect, useRef, useSyncExternalStore, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { loadOnce } from "#client/lib/load-once.ts";
import { toast } from "#client/lib/toast.ts";

/**
 * A module kept off the first load and fetched when a person reaches for what it draws (a
 * dialog's form, a date field): `load` on hover, focus or press of the trigger; `use` in the
 * component that shows it, which loads it too and returns it once it is there. A failed fetch
 * (offline) shows the app's "cannot be reached" toast and is tried again on the next reach.
 */
export type DeferredModule<T> = {
  /** Starts fetching the module (once); resolves with it. */
  load: () => Promise<T>;
  /**
   * The module, or undefined while it is on its way. While `wanted`, it is fetched; if that
   * fails, the toast is shown and `onFailed` runs (a dialog closes).
   */
  use: (wanted: boolean, onFailed?: () => void) => T | undefined;
};

export function deferredModule<T>(importer: () => Promise<T>): DeferredModule<T> {
  const { load: fetchOnce, loaded } = loadOnce(importer);
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };

  const load = () =>
    fetchOnce().then((module) => {
      for (const listener of listeners) listener();
      return module;
    });

  const use = (wanted: boolean, onFailed?: () => void) => {
    const { t } = useTranslation();
    const module = useSyncExternalStore(subscribe, loaded, loaded);
    const missing = wanted && module === undefined;
    useEffect(() => {
      if (!missing) return;
      let live = true;
      load().catch(() => {
        if (!live) return;
        toast.error(t("common:errors.UNAVAILABLE"));
        onFailed?.();
      });
      return () => {
        live = false;
      };
    }, [missing, onFailed, t]);
    return module;
  };

  return { load, use };
}

/** For a trigger's hover and focus: starts the fetch; a failure shows when the dialog opens. */
export function preload(module: DeferredModule<unknown>): void {
  module.load().catch(() => {});
}

const tabbable =
  "input:not([disabled]):not([type='hidden']), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href], [tabindex]:not([tabindex='-1'])";

/**
 * For a dialog whose content arrives after it opened (a deferred module): Radix gave the focus
 * to what was there (the close button, or the dialog itself); when the content shows, the focus
 * moves to its first field or button, as if it had been there at the opening. Focus a person
 * moved elsewhere meanwhile stays where it is. The ref goes on the dialog's content.
 */
export function useFocusOnArrival<E extends HTMLElement>(shown: boolean): RefObject<E | null> {
  const ref = useRef<E | null>(null);
  const wasShown = useRef(shown);
  useEffect(() => {
    const arrived = shown && !wasShown.current;
    wasShown.current = shown;
    const dialog = ref.current;
    if (!arrived || !dialog) return;
    const active = document.activeElement;
    const untouched =
      active === null ||
      active === document.body ||
      active === dialog ||
      (active instanceof HTMLElement && active.dataset.slot === "dialog-close");
    if (!untouched) return;
    const first = [...dialog.querySelectorAll<HTMLElement>(tabbable)].find(
      (element) => element.dataset.slot !== "dialog-close" && element.getClientRects().length > 0,
    );
    first?.focus();
  }, [shown]);
  return ref;
}
