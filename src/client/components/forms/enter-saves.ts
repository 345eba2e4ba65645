import type * as React from "react";

/**
 * A form's `onKeyDown` so that Enter saves from anywhere in it: on a choice (a select, a
 * checkbox, a radio button, a text area) too, where the browser would open the list, do nothing
 * or start a new line. Shift+Enter keeps a new line in a text area; on a button Enter presses
 * that button; a field that used the Enter itself (an open suggestion list) prevented it.
 */
export function enterSaves(event: React.KeyboardEvent<HTMLFormElement>) {
  if (event.key !== "Enter" || event.defaultPrevented || event.nativeEvent.isComposing) return;
  const target = event.target;
  const onChoice =
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLInputElement &&
      (target.type === "checkbox" || target.type === "radio")) ||
    (target instanceof HTMLTextAreaElement && !event.shiftKey);
  if (!onChoice) return;
  event.preventDefault();
  event.currentTarget.requestSubmit();
}
