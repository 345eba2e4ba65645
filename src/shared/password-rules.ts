/**
 * The password rules that need no dictionary, shared by the forms, the strength meter and the
 * server. Kept apart from password.ts, whose zxcvbn dictionaries are hundreds of kB.
 */
export const passwordMinLength = 8;
export const passwordMaxLength = 128;
/** zxcvbn scores 0 to 4; below this a password is refused as too easy to guess. */
export const passwordMinScore = 3;

export type PasswordVerdict =
  | { ok: true; score: number }
  | { ok: false; score: number; reason: "too-short" | "too-long" | "too-guessable" };
