/**
 * Text Hearth refuses anywhere in a request: C0 control characters other than tab, line feed and
 * carriage return, DEL, and lone UTF-16 surrogates (PostgreSQL cannot store either: a NUL in a
 * text column is an error there, and a lone surrogate is not valid UTF-8).
 */
const unsafe =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasUnsafeText(value: string): boolean {
  return unsafe.test(value);
}

/**
 * What in JSON text can become unsafe text once parsed: an escape of a control character (`\b`,
 * `\f`, `\u0000`–`\u001f`), of DEL or of a surrogate, and a DEL as it is. A control character as
 * it is makes the text invalid JSON, and text decoded from UTF-8 holds no lone surrogate.
 */
const unsafeInJson = /\\(?:[bf]|u(?:00[01][0-9a-f]|007f|d[89a-f][0-9a-f]{2}))|\u007F/i;

/**
 * Whether JSON text (as decoded from a request's UTF-8) may hold unsafe text once parsed: false
 * is certain, and the text need not be parsed to check it (an import's body of 5 MB holds a
 * hundred thousand escapes, none of them of that kind); true (also for a tab written `\u0009`, a
 * backslash before a "b") means parse it and look (`findUnsafeText`).
 */
export function mayHoldUnsafeText(json: string): boolean {
  return unsafeInJson.test(json);
}

/**
 * The path of the first string (or object key) in a parsed JSON value that holds unsafe text, as
 * the validation answers name fields ("name", "shares.0.memberId"), "body" for the value itself;
 * null when everything is clean. Walks at most `limit` nodes, so a huge body costs little.
 */
export function findUnsafeText(
  value: unknown,
  path: string[] = [],
  limit = 100_000,
): string | null {
  const stack: { value: unknown; path: string[] }[] = [{ value, path }];
  let visited = 0;
  while (stack.length > 0 && visited < limit) {
    const item = stack.pop();
    if (!item) break;
    visited += 1;
    const current = item.value;
    if (typeof current === "string") {
      if (hasUnsafeText(current)) return item.path.join(".") || "body";
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) {
        stack.push({ value: current[index], path: [...item.path, String(index)] });
      }
    } else if (typeof current === "object" && current !== null) {
      const entries = Object.entries(current);
      for (const [key] of entries) {
        if (hasUnsafeText(key)) return [...item.path, key].join(".");
      }
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, child] = entries[index] ?? ["", undefined];
        stack.push({ value: child, path: [...item.path, key] });
      }
    }
  }
  return null;
}
