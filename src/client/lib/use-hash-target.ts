import { useEffect } from "react";
import { useLocation } from "react-router";

/** How long a page may take to show the element a link's `#id` names. */
const waitMs = 10_000;

/** Scrolls the element into the middle of the view and focuses it (without scrolling again). */
function land(element: HTMLElement) {
  element.scrollIntoView?.({ block: "center" });
  element.focus({ preventScroll: true });
}

/**
 * A link with `#id` (e.g. `/dashboard/insurance#policy-…` from the overview) lands on that
 * element once the page shows it: its data usually arrives after the navigation, so the
 * element is awaited (at most 10 s, or until the address changes), then scrolled into view and
 * focused — a row meant to be landed on has `tabIndex={-1}`.
 */
export function useHashTarget() {
  const { pathname, hash, key } = useLocation();
  useEffect(() => {
    if (hash.length < 2) return;
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      return;
    }
    const found = document.getElementById(id);
    if (found) {
      land(found);
      return;
    }
    let timer = 0;
    const observer = new MutationObserver(() => {
      const element = document.getElementById(id);
      if (!element) return;
      stop();
      land(element);
    });
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    timer = window.setTimeout(stop, waitMs);
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname, hash, key]);
}
