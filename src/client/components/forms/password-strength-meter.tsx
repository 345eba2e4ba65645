import { useTranslation } from "react-i18next";
import { cn } from "#client/lib/cn.ts";
import type { PasswordVerdict } from "#shared/password-rules.ts";
import { passwordMinLength } from "#shared/password-rules.ts";

const segments = [0, 1, 2, 3, 4] as const;

function hintKey(verdict: PasswordVerdict | null) {
  if (!verdict) return "strength.hints.empty";
  if (!verdict.ok) {
    if (verdict.reason === "too-short") return "strength.hints.tooShort";
    if (verdict.reason === "too-long") return "strength.hints.tooLong";
    return verdict.score >= 2 ? "strength.hints.almost" : "strength.hints.tooGuessable";
  }
  return verdict.score >= 4 ? "strength.hints.veryStrong" : "strength.hints.strong";
}

function barColour(score: number) {
  if (score <= 1) return "bg-destructive";
  if (score === 2) return "bg-warning";
  return "bg-success";
}

/**
 * A bar of five steps, the level in words ("Too weak" … "Very strong") and what to do next.
 * `id` goes on the text so the password field can point at it with aria-describedby.
 */
export function PasswordStrengthMeter({
  id,
  password,
  verdict,
  className,
}: {
  id: string;
  password: string;
  verdict: PasswordVerdict | null;
  className?: string;
}) {
  const { t } = useTranslation("auth");
  const score = verdict?.score ?? 0;
  const filled = verdict ? score + 1 : 0;
  const level = verdict ? t(`strength.levels.${score}`) : null;
  const missing = Math.max(0, passwordMinLength - password.length);

  return (
    <div className={cn("space-y-1.5", className)} data-testid="password-strength">
      <div className="flex gap-1" aria-hidden="true">
        {segments.map((segment) => (
          <span
            key={segment}
            className={cn(
              "h-1.5 flex-1 rounded-full bg-muted transition-colors duration-300",
              segment < filled && barColour(score),
            )}
          />
        ))}
      </div>
      <p id={id} className="text-xs leading-relaxed text-muted-foreground" aria-live="polite">
        {level ? (
          <>
            <span className="sr-only">{t("strength.label")}: </span>
            <span className="font-medium text-foreground">{level}</span>
            <span aria-hidden="true"> · </span>
          </>
        ) : null}
        {t(hintKey(verdict), { count: missing })}
      </p>
    </div>
  );
}
