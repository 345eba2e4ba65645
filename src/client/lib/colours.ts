import type { Budget } from "#shared/schemas/budgets.schema.ts";

/**
 * One colour meaning everywhere (issue 16, item 10). A budget's state and a member are each
 * drawn from here, by every screen that shows them: the dashboard, the Budgets tab, avatars,
 * charts and their legends. A screen adds layout classes; it never picks its own colour.
 */

/**
 * A budget's state: comfortably under (green), near its limit from 80 % (amber), over (red).
 * `bar` fills the progress bar, `text` says the state in words, `border` outlines a row.
 */
export const budgetTones: Record<Budget["state"], { bar: string; text: string; border: string }> = {
  ok: {
    bar: "bg-emerald-500 dark:bg-emerald-400",
    text: "text-muted-foreground",
    border: "",
  },
  warning: {
    bar: "bg-amber-500 dark:bg-amber-400",
    text: "text-amber-700 dark:text-amber-400",
    border: "border-amber-300 dark:border-amber-400/40",
  },
  over: {
    bar: "bg-red-600 dark:bg-red-500",
    text: "text-red-700 dark:text-red-400",
    border: "border-red-300 dark:border-red-500/40",
  },
};

/**
 * The 8 colours of the household's people, cycling by their place in the member order (the
 * active people, oldest first): `fill` is the person's colour in a chart, its legend and their
 * avatar's background; `ink` is the initials' colour on it (at least 4.5:1 on the fill, in
 * light and dark alike). Neighbours in the order differ most, since most households are two.
 */
export const memberColours = [
  { fill: "oklch(0.746 0.16 232.661)", ink: "oklch(0.293 0.066 243.157)" }, // sky
  { fill: "oklch(0.828 0.189 84.429)", ink: "oklch(0.279 0.077 45.635)" }, // amber
  { fill: "oklch(0.765 0.177 163.223)", ink: "oklch(0.262 0.051 172.552)" }, // emerald
  { fill: "oklch(0.702 0.183 293.541)", ink: "oklch(0.283 0.141 291.089)" }, // violet
  { fill: "oklch(0.712 0.194 13.428)", ink: "oklch(0.271 0.105 12.094)" }, // rose
  { fill: "oklch(0.841 0.238 128.85)", ink: "oklch(0.274 0.072 132.109)" }, // lime
  { fill: "oklch(0.74 0.238 322.16)", ink: "oklch(0.293 0.136 325.661)" }, // fuchsia
  { fill: "oklch(0.75 0.183 55.934)", ink: "oklch(0.266 0.079 36.259)" }, // orange
] as const;

export type MemberColour = (typeof memberColours)[number];

/** The colour of the person at `index` (0-based) in the household's member order. */
export function memberColour(index: number): MemberColour {
  const length = memberColours.length;
  return memberColours[((Math.trunc(index) % length) + length) % length] ?? memberColours[0];
}
