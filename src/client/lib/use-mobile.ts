import { useSyncExternalStore } from "react";

/** Below 768 px wide the dashboard's sidebar becomes a sheet (Tailwind's `md` starts at 768 px). */
export const mobileQuery = "(max-width: 767px)";

function subscribe(onChange: () => void) {
  const list = window.matchMedia(mobileQuery);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
}

function snapshot() {
  return window.matchMedia(mobileQuery).matches;
}

/** True on a narrow screen; follows the window as it is resized. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
