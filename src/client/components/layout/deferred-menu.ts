import {
  useEffect,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
} from "react";
import { loadOnce } from "#client/lib/load-once.ts";
import type * as HeaderMenusModule from "./header-menus.tsx";

type HeaderMenus = typeof HeaderMenusModule;

/** Fetches the menus once; a failed fetch (offline) is tried again on the next reach. */
const headerMenus = loadOnce<HeaderMenus>(() => import("./header-menus.tsx"));

/**
 * A menu button whose menu (Radix, header-menus.tsx) loads when a person reaches for it: on
 * hover or focus it starts to load, a press (pointer, Enter, Space, ArrowDown) before it is
 * there opens it as soon as it is. Until then the button carries the attributes Radix's trigger
 * gives it (`aria-haspopup`, `aria-expanded`, `data-state`), so it reads and looks the same;
 * when the menu takes over the button it keeps the focus it had.
 */
export function useDeferredMenu(): {
  menus: HeaderMenus | undefined;
  openOnLoad: boolean;
  /** Opened from the keyboard: the menu's first item takes the focus, as Radix does. */
  focusFirstItem: boolean;
  triggerRef: RefObject<HTMLButtonElement | null>;
  triggerProps: ButtonHTMLAttributes<HTMLButtonElement> & { "data-state"?: string };
} {
  const [menus, setMenus] = useState(headerMenus.loaded);
  const [openOnLoad, setOpenOnLoad] = useState<"pointer" | "keyboard" | null>(null);
  const triggerRef = useRef<HTMLButtonElement | null>(null);
  const refocus = useRef(false);

  useEffect(() => {
    if (menus && refocus.current) {
      refocus.current = false;
      triggerRef.current?.focus();
    }
  }, [menus]);

  const opened = {
    openOnLoad: openOnLoad !== null,
    focusFirstItem: openOnLoad === "keyboard",
  };
  if (menus) return { menus, ...opened, triggerRef, triggerProps: {} };

  const load = (open: "pointer" | "keyboard" | null) => {
    if (open) setOpenOnLoad(open);
    headerMenus.load().then(
      (module) => {
        // An opening menu takes the focus itself; otherwise the button keeps it.
        refocus.current = !open && document.activeElement === triggerRef.current;
        setMenus(module);
      },
      () => setOpenOnLoad(null),
    );
  };
  return {
    menus,
    ...opened,
    triggerRef,
    triggerProps: {
      "aria-haspopup": "menu",
      "aria-expanded": false,
      "data-state": "closed",
      onPointerEnter: () => load(null),
      onFocus: () => load(null),
      onPointerDown: (event: PointerEvent<HTMLButtonElement>) => {
        if (event.button === 0 && !event.ctrlKey) load("pointer");
      },
      onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
        if (["Enter", " ", "ArrowDown"].includes(event.key)) {
          event.preventDefault();
          load("keyboard");
        }
      },
    },
  };
}
