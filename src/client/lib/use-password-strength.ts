import { useDeferredValue, useEffect, useMemo, useState } from "react";
import type { judgePassword } from "#shared/password.ts";
import type { PasswordVerdict } from "#shared/password-rules.ts";
import { passwordMaxLength, passwordMinLength } from "#shared/password-rules.ts";

type Judge = typeof judgePassword;

let judgeLoading: Promise<Judge> | undefined;

/**
 * Loads the password rules on first use. They carry zxcvbn's dictionaries (hundreds of kB), so
 * they live in a chunk of their own, fetched only once someone starts typing a new password.
 */
export function loadPasswordJudge(): Promise<Judge> {
  judgeLoading ??= import("#shared/password.ts").then((module) => module.judgePassword);
  judgeLoading.catch(() => {
    judgeLoading = undefined;
  });
  return judgeLoading;
}

/**
 * The verdict at submit time: waits for the rules when they are still loading (a quick
 * submit, a slow connection), so a weak password is named here and not sent; null only when
 * the rules cannot be loaded, and then the server judges.
 */
export async function judgeBeforeSending(
  password: string,
  userInputs: readonly string[] = [],
): Promise<PasswordVerdict | null> {
  const judge = await loadPasswordJudge().catch(() => null);
  return judge ? judge(password, [...userInputs]) : null;
}

/** The verdicts that need no dictionary: the length limits, as the server applies them. */
function judgeLength(password: string): PasswordVerdict | null {
  if (password.length < passwordMinLength) return { ok: false, score: 0, reason: "too-short" };
  if (password.length > passwordMaxLength) return { ok: false, score: 0, reason: "too-long" };
  return null;
}

/**
 * The verdict on `password`, judged as the server judges it (`userInputs`: name and e-mail make
 * a password weaker). `null` when the password is empty, or while the rules are still loading.
 */
export function usePasswordStrength(password: string, userInputs: readonly string[] = []) {
  const [judge, setJudge] = useState<Judge | null>(null);
  const typing = password.length > 0;

  useEffect(() => {
    if (!typing || judge) return;
    let current = true;
    loadPasswordJudge()
      .then((loaded) => {
        if (current) setJudge(() => loaded);
      })
      .catch(() => {
        // Without the rules the meter shows the length only; the server still refuses weak ones.
      });
    return () => {
      current = false;
    };
  }, [typing, judge]);

  const deferred = useDeferredValue(password);
  const inputsKey = userInputs.join("\n");
  const verdict = useMemo<PasswordVerdict | null>(() => {
    if (!deferred) return null;
    return (
      judgeLength(deferred) ??
      (judge ? judge(deferred, inputsKey ? inputsKey.split("\n") : []) : null)
    );
  }, [judge, deferred, inputsKey]);

  return { verdict, judge };
}
