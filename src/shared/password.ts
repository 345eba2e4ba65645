import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary as commonDictionary } from "@zxcvbn-ts/language-common";
import { dictionary as englishDictionary, translations } from "@zxcvbn-ts/language-en";

import {
  passwordMaxLength,
  passwordMinLength,
  passwordMinScore,
  type PasswordVerdict,
} from "./password-rules.ts";

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
