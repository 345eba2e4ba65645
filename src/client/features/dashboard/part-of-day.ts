export type PartOfDay = "morning" | "afternoon" | "evening";

/** Morning from 5 to 12, afternoon from 12 to 18, evening the rest (by the person's own clock). */
export function partOfDay(hour: number): PartOfDay {
  if (hour >= 5 && hour < 12) return "morning";
  if (hour >= 12 && hour < 18) return "afternoon";
  return "evening";
}
