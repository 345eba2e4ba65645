import { useCallback, useState, type KeyboardEvent } from "react";

type Typed = { key: unknown; text: string };

/**
 * Keys typed before a form is there (its code still on the way in a deferred module) are kept
 * for it instead of lost: a person who opens the entry form with "n" types its amount at once.
 * `regionProps` go on what stands in for the form (its loading region): it takes the focus when
 * it shows, unless something in its dialog already has it, and keeps the characters typed into
 * it, Backspace taking back the last one; other keys (Escape, Tab, Enter) do what they always
 * do. `text` is what was typed since `resetKey` (a new opening) last changed, for the form's
 * first field when the form arrives.
 */
export function useTypeAhead(resetKey: unknown): {
  text: string;
  regionProps: {
    ref: (element: HTMLElement | null) => void;
    tabIndex: -1;
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  };
} {
  const [typed, setTyped] = useState<Typed>({ key: resetKey, text: "" });
  const text = typed.key === resetKey ? typed.text : "";

  const ref = useCallback((element: HTMLElement | null) => {
    if (!element) return;
    const document = element.ownerDocument;
    const active = document.activeElement;
    const scope = element.closest("[role='dialog'], [role='alertdialog']") ?? document.body;
    if (active && active !== document.body && scope.contains(active)) return;
    element.focus({ preventScroll: true });
  }, []);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      const modified =
        (event.ctrlKey || event.metaKey || event.altKey) && !event.getModifierState("AltGraph");
      if (modified || event.nativeEvent.isComposing) return;
      const key = event.key;
      const backspace = key === "Backspace";
      // A printable key's name is the character itself ("1", ".", "€"); others are words.
      if (!backspace && [...key].length !== 1) return;
      event.preventDefault();
      setTyped((previous) => {
        const before = previous.key === resetKey ? previous.text : "";
        return {
          key: resetKey,
          text: backspace ? [...before].slice(0, -1).join("") : before + key,
        };
      });
    },
    [resetKey],
  );

  return { text, regionProps: { ref, tabIndex: -1, onKeyDown } };
}
