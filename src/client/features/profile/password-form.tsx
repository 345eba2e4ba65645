import { zodResolver } from "@hookform/resolvers/zod";
import { CircleCheckIcon, ShieldCheckIcon } from "lucide-react";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "#client/lib/toast.ts";
import { z } from "zod";
import { passwordMaxLength, passwordMinLength } from "#shared/password-rules.ts";
import { PasswordInput } from "#client/components/forms/password-input.tsx";
import { PasswordStrengthMeter } from "#client/components/forms/password-strength-meter.tsx";
import { SubmitButton } from "#client/components/forms/submit-button.tsx";
import { judgeBeforeSending, usePasswordStrength } from "#client/lib/use-password-strength.ts";
import { ApiError } from "#client/lib/api.ts";
import { useChangePassword } from "./profile.queries.ts";
import { ProfileField } from "./profile-field.tsx";

/** Messages are keys of the "profile" namespace, translated where they are shown. */
const passwordSchema = z
  .object({
    current: z.string().min(1, { error: "validation.currentRequired" }),
    next: z
      .string()
      .min(1, { error: "validation.newRequired" })
      .min(passwordMinLength, { error: "validation.newTooShort" })
      .max(passwordMaxLength, { error: "validation.newTooLong" }),
    confirm: z.string().min(1, { error: "validation.confirmRequired" }),
  })
  .refine((v) => v.next.length === 0 || v.current !== v.next, {
    error: "validation.newSameAsCurrent",
    path: ["next"],
  })
  .refine((v) => v.confirm.length === 0 || v.next === v.confirm, {
    error: "validation.confirmDiffers",
    path: ["confirm"],
  });
type PasswordInputs = z.infer<typeof passwordSchema>;

const empty: PasswordInputs = { current: "", next: "", confirm: "" };

/**
 * Current, new and confirmation, with the strength meter. The server refuses weak passwords too
 * (shown on the field) and ends every other session on success.
 */
export function PasswordForm({ email, name }: { email: string; name: string }) {
  const { t } = useTranslation("profile");
  const change = useChangePassword();
  const [changed, setChanged] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<PasswordInputs>({ resolver: zodResolver(passwordSchema), defaultValues: empty });
  const next = useWatch({ control, name: "next" });
  const { verdict } = usePasswordStrength(next, [name, email]);

  const onSubmit = handleSubmit(async (values) => {
    setChanged(false);
    const judged = await judgeBeforeSending(values.next, [name, email]);
    if (judged && !judged.ok) {
      setError(
        "next",
        { type: "weak", message: "common:errors.WEAK_PASSWORD" },
        { shouldFocus: true },
      );
      return;
    }
    try {
      await change.mutateAsync({ currentPassword: values.current, newPassword: values.next });
    } catch (error) {
      if (error instanceof ApiError && error.code === "INVALID_CREDENTIALS") {
        setError(
          "current",
          { type: "server", message: "validation.currentWrong" },
          { shouldFocus: true },
        );
      } else if (error instanceof ApiError && error.code === "WEAK_PASSWORD") {
        setError(
          "next",
          { type: "server", message: "common:errors.WEAK_PASSWORD" },
          { shouldFocus: true },
        );
      } else {
        toast.error(t("toasts.passwordFailed"));
      }
      return;
    }
    reset(empty);
    setChanged(true);
    toast.success(t("toasts.passwordChanged"), { description: t("password.changed") });
  });

  const meterId = "profile-next-strength";

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="grid max-w-md gap-5"
      aria-label={t("password.title")}
    >
      {changed ? (
        <p
          role="status"
          className="flex items-start gap-2.5 rounded-lg border border-success/40 bg-success/5 px-3 py-2.5 text-sm"
        >
          <CircleCheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
          {t("password.changed")}
        </p>
      ) : null}
      {/* Lets password managers tie the new password to the account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <ProfileField name="current" label={t("password.current")} error={errors.current?.message}>
        <PasswordInput autoComplete="current-password" {...register("current")} />
      </ProfileField>
      <ProfileField name="next" label={t("password.new")} error={errors.next?.message}>
        {(control) => (
          <>
            <PasswordInput
              {...control}
              aria-describedby={[control["aria-describedby"], meterId].filter(Boolean).join(" ")}
              autoComplete="new-password"
              {...register("next")}
            />
            <PasswordStrengthMeter id={meterId} password={next} verdict={verdict} />
          </>
        )}
      </ProfileField>
      <ProfileField name="confirm" label={t("password.confirm")} error={errors.confirm?.message}>
        <PasswordInput autoComplete="new-password" {...register("confirm")} />
      </ProfileField>
      <p className="flex items-start gap-2 text-sm text-muted-foreground">
        <ShieldCheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        {t("password.sessionsNote")}
      </p>
      <div>
        <SubmitButton size="lg" pending={isSubmitting}>
          {isSubmitting ? t("password.submitting") : t("password.submit")}
        </SubmitButton>
      </div>
    </form>
  );
}
