/** How long after a submit the form's errors may still appear (a refusal from the server). */
const waitMs = 10_000;

/** A control or a message of a form that says something is wrong. */
const errorSelector = '[aria-invalid="true"], [data-form-error]';

function isFocusable(element: HTMLElement): boolean {
  return !element.matches(":disabled") && !element.closest("[hidden]");
}

/**
 * The first thing in the form that is wrong, in the order a person reads it: an invalid control,
 * or an error message (`FieldError`) of a group or list with no control of its own. A message
 * whose control is on the form (it names the message in `aria-describedby`) gives that control.
 */
export function firstFormError(form: HTMLElement): HTMLElement | null {
  for (const element of form.querySelectorAll<HTMLElement>(errorSelector)) {
    if (!element.hasAttribute("data-form-error")) {
      if (isFocusable(element)) return element;
      continue;
    }
    const control = element.id
      ? [...form.querySelectorAll<HTMLElement>("[aria-describedby]")].find(
          (candidate) =>
            candidate.getAttribute("aria-describedby")?.split(/\s+/).includes(element.id) &&
            candidate.matches("input, select, textarea, button") &&
            isFocusable(candidate),
        )
      : undefined;
    if (control) return control;
    if (!element.closest("[hidden]")) return element;
  }
  return null;
}

/** Scrolls it to the middle of its scrolling area (clear of a sticky bar) and focuses it. */
export function landOnError(element: HTMLElement) {
  element.scrollIntoView?.({ block: "center" });
  element.focus({ preventScroll: true });
}

/**
 * Every form's errors are seen: when a submitted form shows an error (at once, after the
 * check, or when the server refuses it), its first error is scrolled into view above the sticky
 * buttons and focused. Watches one submit at a time; typing in the form ends the watch, so a
 * message that appears while correcting a field never takes the focus away.
 */
export function watchFormErrors(root: Document = document): () => void {
  let stopWatch: (() => void) | null = null;

  const onSubmit = (event: Event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement)) return;
    stopWatch?.();
    let frame = 0;
    let timer = 0;
    const check = () => {
      const target = firstFormError(form);
      if (!target) return;
      stop();
      landOnError(target);
    };
    const observer = new MutationObserver(check);
    const stop = () => {
      observer.disconnect();
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
      form.removeEventListener("input", stop);
      if (stopWatch === stop) stopWatch = null;
    };
    stopWatch = stop;
    // After the check has run and React has shown its messages (those already on screen and
    // still wrong are not changed, so they are checked too), then as messages appear.
    frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(check, 0);
    });
    observer.observe(form, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["aria-invalid"],
    });
    window.setTimeout(stop, waitMs);
    form.addEventListener("input", stop);
  };

  root.addEventListener("submit", onSubmit);
  return () => {
    stopWatch?.();
    root.removeEventListener("submit", onSubmit);
  };
}
