import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary as commonDictionary } from "@zxcvbn-ts/language-common";
import { dictionary as englishDictionary, translations } from "@zxcvbn-ts/language-en";

/** Password rules, the same on client (the strength meter) and server (the refusal). */
export const passwordMinLength = 8;
export const passwordMaxLength = 128;
/** zxcvbn scores 0 to 4; below this a password is refused as too easy to guess. */
export const passwordMinScore = 3;

export type PasswordVerdict =
  | { ok: true; score: number }
  | { ok: false; score: number; reason: "too-short" | "too-long" | "too-guessable" };

let factory: ZxcvbnFactory | undefined;

function getFactory(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    translations,
    graphs: adjacencyGraphs,
    dictionary: { ...commonDictionary, ...englishDictionary },
  });
  return factory;
}

/** Judges a password; `userInputs` (name, e-mail) make passwords built from them weaker. */
export function judgePassword(password: string, userInputs: string[] = []): PasswordVerdict {
  if (password.length < passwordMinLength) return { ok: false, score: 0, reason: "too-short" };
  if (password.length > passwordMaxLength) return { ok: false, score: 0, reason: "too-long" };
  const inputs = userInputs
    .flatMap((input) => input.toLowerCase().split(/[\s@.]+/))
    .filter(Boolean);
  const { score } = getFactory().check(password, inputs);
  return score >= passwordMinScore
    ? { ok: true, score }
    : { ok: false, score, reason: "too-guessable" };
}
