/**
 * The only script of the server-rendered landing page (decision 040): the page is complete HTML
 * (src/client/landing/render.tsx), so this adds just what needs a script — the language and theme
 * menus of the header and the pricing's monthly / annual switch — in a few kilobytes, with no
 * framework. Links are plain links: "Sign in" loads the app.
 *
 * The menus behave as the app's (Radix) menus do: a button with `aria-haspopup="menu"` opens a
 * `role="menu"` of `menuitemradio`s below it; arrows, Home and End move, Enter or Space chooses,
 * Escape closes and gives the button the focus back, Tab or a press outside closes.
 */
import "../styles.css";
import { languageCookie, languageStorageKey } from "#client/lib/language-cookie.ts";

import type { LandingPageData as PageData } from "#shared/landing-render.ts";

const data = JSON.parse(
  document.getElementById("landing-data")?.textContent ?? "null",
) as PageData | null;

const storage = {
  get(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string) {
    try {
      localStorage.setItem(key, value);
    } catch {
      // Storage may be blocked: the choice lasts for this page only.
    }
  },
};

function keepLanguage(language: string) {
  storage.set(languageStorageKey, language);
  document.cookie = languageCookie(language);
}

/**
 * A language chosen in this browser before the server could know it (no cookie yet): the server
 * rendered the browser's language; keep the choice in the cookie too and show the page again in
 * it, once.
 */
function followStoredLanguage(page: PageData): boolean {
  const stored = storage.get(languageStorageKey);
  if ((stored !== "en" && stored !== "nl") || stored === page.language) return false;
  if (sessionStorage.getItem("landing-language-reload") === stored) return false;
  sessionStorage.setItem("landing-language-reload", stored);
  keepLanguage(stored);
  location.reload();
  return true;
}

function applyTheme(theme: "light" | "dark" | "system") {
  storage.set("theme", theme);
  const dark =
    theme === "dark" || (theme === "system" && matchMedia("(prefers-color-scheme: dark)").matches);
  const root = document.documentElement;
  root.classList.remove("light", "dark");
  root.classList.add(dark ? "dark" : "light");
  root.style.colorScheme = dark ? "dark" : "light";
}

const menuClass =
  "fixed z-50 min-w-[8rem] overflow-x-hidden overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md animate-in fade-in-0 zoom-in-95";
const labelClass = "px-2 py-1.5 text-sm font-medium";
const itemClass =
  "relative flex cursor-default items-center gap-2 rounded-sm py-1.5 pr-2 pl-8 text-sm outline-hidden select-none focus:bg-accent focus:text-accent-foreground";
const checkSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="size-4" aria-hidden="true"><path d="M20 6 9 17l-5-5"/></svg>';

type Choice = { value: string; label: string; lang?: string };

let closeOpenMenu: ((returnFocus: boolean) => void) | null = null;

/** Makes `button` open a menu of `choices`; `onChoose` is called with the chosen value. */
function menuButton(
  button: HTMLButtonElement,
  title: string,
  choices: () => { items: Choice[]; current: string },
  onChoose: (value: string) => void,
) {
  const open = (focusFirst: boolean) => {
    closeOpenMenu?.(false);
    const { items, current } = choices();
    const menu = document.createElement("div");
    menu.setAttribute("role", "menu");
    menu.setAttribute("aria-orientation", "vertical");
    menu.dataset.state = "open";
    menu.className = menuClass;
    menu.tabIndex = -1;
    if (!button.id) button.id = `menu-button-${button.dataset.menu ?? "x"}`;
    menu.setAttribute("aria-labelledby", button.id);
    const label = document.createElement("div");
    label.className = labelClass;
    label.textContent = title;
    menu.append(label);
    const itemEls = items.map((item) => {
      const el = document.createElement("div");
      el.setAttribute("role", "menuitemradio");
      el.setAttribute("aria-checked", String(item.value === current));
      el.tabIndex = -1;
      el.className = itemClass;
      if (item.lang) el.lang = item.lang;
      const mark = document.createElement("span");
      mark.className =
        "pointer-events-none absolute left-2 flex size-3.5 items-center justify-center";
      if (item.value === current) mark.innerHTML = checkSvg;
      el.append(mark, document.createTextNode(item.label));
      el.addEventListener("click", () => choose(item.value));
      el.addEventListener("pointermove", () => el.focus());
      menu.append(el);
      return el;
    });

    const place = () => {
      const rect = button.getBoundingClientRect();
      menu.style.top = `${rect.bottom + 4}px`;
      menu.style.right = `${Math.max(4, document.documentElement.clientWidth - rect.right)}px`;
    };
    place();
    document.body.append(menu);

    const focusAt = (index: number) => {
      const count = itemEls.length;
      itemEls[((index % count) + count) % count]?.focus();
    };
    const focusedIndex = () => itemEls.indexOf(document.activeElement as HTMLDivElement);

    const onKey = (event: KeyboardEvent) => {
      switch (event.key) {
        case "ArrowDown":
          focusAt(focusedIndex() + 1);
          break;
        case "ArrowUp":
          focusAt(focusedIndex() < 0 ? -1 : focusedIndex() - 1);
          break;
        case "Home":
          focusAt(0);
          break;
        case "End":
          focusAt(-1);
          break;
        case "Enter":
        case " ": {
          const index = focusedIndex();
          if (index >= 0) choose(items[index]?.value ?? current);
          break;
        }
        case "Escape":
          close(true);
          break;
        case "Tab":
          close(false);
          return;
        default:
          return;
      }
      event.preventDefault();
    };
    const onOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.contains(target) && !button.contains(target)) close(false);
    };
    const close = (returnFocus: boolean) => {
      menu.remove();
      document.removeEventListener("pointerdown", onOutside, true);
      window.removeEventListener("resize", place);
      button.setAttribute("aria-expanded", "false");
      button.dataset.state = "closed";
      button.removeAttribute("aria-controls");
      closeOpenMenu = null;
      if (returnFocus) button.focus();
    };
    const choose = (value: string) => {
      close(true);
      onChoose(value);
    };
    menu.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onOutside, true);
    window.addEventListener("resize", place);
    menu.id = `${button.id}-menu`;
    button.setAttribute("aria-controls", menu.id);
    button.setAttribute("aria-expanded", "true");
    button.dataset.state = "open";
    closeOpenMenu = close;
    if (focusFirst)
      focusAt(
        Math.max(
          0,
          items.findIndex((item) => item.value === current),
        ),
      );
    else menu.focus();
  };

  const isOpen = () => button.getAttribute("aria-expanded") === "true";
  button.addEventListener("click", (event) => {
    // A click from the keyboard (Enter on a button) is handled by keydown.
    if (event.detail === 0) return;
    if (isOpen()) closeOpenMenu?.(false);
    else open(false);
  });
  button.addEventListener("keydown", (event) => {
    if (["Enter", " ", "ArrowDown", "ArrowUp"].includes(event.key)) {
      event.preventDefault();
      open(true);
    }
  });
}

function enhanceMenus(page: PageData) {
  const { labels } = page;
  const theme = document.querySelector<HTMLButtonElement>('button[data-menu="theme"]');
  if (theme) {
    menuButton(
      theme,
      labels.theme.label,
      () => {
        const stored = storage.get("theme");
        return {
          current: stored === "light" || stored === "dark" ? stored : "system",
          items: (["light", "dark", "system"] as const).map((value) => ({
            value,
            label: labels.theme[value],
          })),
        };
      },
      (value) => applyTheme(value as "light" | "dark" | "system"),
    );
  }
  for (const button of document.querySelectorAll<HTMLButtonElement>(
    'button[data-menu="language"]',
  )) {
    menuButton(
      button,
      labels.language.label,
      () => ({
        current: page.language,
        items: (["en", "nl"] as const).map((value) => ({
          value,
          label: labels.language[value],
          lang: value,
        })),
      }),
      (value) => {
        if (value === page.language) return;
        keepLanguage(value);
        const saved = page.signedIn
          ? fetch("/api/me/language", {
              method: "PUT",
              headers: { "content-type": "application/json", "x-hearth-language": value },
              body: JSON.stringify({ language: value }),
            }).catch(() => undefined)
          : Promise.resolve();
        // The server renders the page in the language now kept in the cookie.
        void saved.then(() => location.reload());
      },
    );
  }
}

/** The pricing's monthly / annual switch: both periods' prices are in the page. */
function enhancePricing() {
  const choices = document.querySelectorAll<HTMLButtonElement>("button[data-period-choice]");
  for (const button of choices) {
    button.addEventListener("click", () => {
      const period = button.dataset.periodChoice;
      for (const other of choices) {
        other.setAttribute("aria-pressed", String(other === button));
      }
      for (const el of document.querySelectorAll<HTMLElement>("[data-period]")) {
        el.hidden = el.dataset.period !== period;
      }
    });
  }
}

if (data && !followStoredLanguage(data)) {
  enhanceMenus(data);
  enhancePricing();
}
