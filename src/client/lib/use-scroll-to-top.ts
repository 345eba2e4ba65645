import { useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";

/** The element an address's anchor names, if the page shows it. */
function elementNamed(encoded: string): HTMLElement | null {
  try {
    return document.getElementById(decodeURIComponent(encoded));
  } catch {
    return null;
  }
}

/**
 * Every navigation starts at the top of the page, before it is painted: a link does not keep
 * the scroll position of the page it came from ("Start for free" opened sign-up with its heading
 * cut off; the footer's Privacy link opened at section 9). A link to an anchor (`#id`) goes to
 * that element instead (`useHashTarget` waits for one that is not shown yet). Back and forward
 * are left to the browser, and a change of the query alone (a list's filters) keeps the place.
 */
export function useScrollToTop() {
  const { pathname, search, hash, key } = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef<{ pathname: string; search: string; hash: string } | null>(null);
  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = { pathname, search, hash };
    if (!before || navigationType === "POP") return;
    if (before.pathname === pathname && before.hash === hash && before.search !== search) return;
    const target = hash.length > 1 ? elementNamed(hash.slice(1)) : null;
    if (target) {
      target.scrollIntoView?.();
      return;
    }
    window.scrollTo(0, 0);
  }, [pathname, search, hash, key, navigationType]);
}
