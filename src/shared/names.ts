/** How a person's name is shown in small places: the sidebar, avatars, greetings. */

/** Names longer than this show only their first word. */
export const maxShortNameLength = 15;

function words(name: string): string[] {
  return name.trim().split(/\s+/).filter(Boolean);
}

/** The first word of a name ("Anna de Vries" → "Anna"); an empty name stays empty. */
export function firstName(name: string): string {
  return words(name)[0] ?? "";
}

/**
 * The name as the sidebar shows it: the whole name up to 15 characters, otherwise its first
 * word ("Anna de Vries" stays, "Annemarie van den Berg" → "Annemarie").
 */
export function shortName(name: string): string {
  const trimmed = name.trim().replace(/\s+/g, " ");
  return Array.from(trimmed).length > maxShortNameLength ? firstName(trimmed) : trimmed;
}

/**
 * One or two letters for an avatar: the first letters of the first and last word
 * ("Anna de Vries" → "AV", "Anna" → "A"); "?" when there is no name.
 */
export function initials(name: string): string {
  const parts = words(name);
  const first = parts[0];
  if (!first) return "?";
  const last = parts.length > 1 ? parts[parts.length - 1] : undefined;
  const letter = (word: string) => Array.from(word)[0] ?? "";
  return (letter(first) + (last ? letter(last) : "")).toLocaleUpperCase();
}

/**
 * Text cut to fit a length limit, with "…" where it was cut; text that fits stays as it is.
 * Lengths are counted as the schemas' `.max` counts them (UTF-16 units), and a cut never splits
 * a character in two. For names that come from elsewhere (a first name in a household's name, a
 * name from a sign-in provider) and must still keep their field's one limit.
 */
export function fitText(text: string, max: number): string {
  if (text.length <= max) return text;
  let kept = "";
  for (const character of text) {
    if (kept.length + character.length > max - 1) break;
    kept += character;
  }
  return `${kept.trimEnd()}…`;
}
