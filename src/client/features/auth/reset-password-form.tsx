import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ApiError, authApi } from "#client/lib/api.ts";
import { translateError } from "#client/lib/errors.ts";
import type { ResetPasswordInput } from "./auth.schemas.ts";
import { deferredResolver, preloadAuthResolvers } from "./deferred-resolver.ts";
import { FormAlert } from "./form-alert.tsx";
import { describedBy, fieldIds, FormField } from "./form-field.tsx";
import { PasswordInput } from "#client/components/forms/password-input.tsx";
import { PasswordStrengthMeter } from "#client/components/forms/password-strength-meter.tsx";
import { SubmitButton } from "./submit-button.tsx";
import { judgeBeforeSending, usePasswordStrength } from "#client/lib/use-password-strength.ts";

/** A new password and its repetition, with the strength meter; sent with the link's token. */
export function ResetPasswordForm({
  token,
  onInvalidToken,
  onDone,
}: {
  token: string;
  onInvalidToken: () => void;
  onDone: () => void | Promise<void>;
}) {
  const { t } = useTranslation("auth");
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordInput>({
    resolver: deferredResolver((resolvers) => resolvers.resetPasswordResolver),
    defaultValues: { password: "", confirm: "" },
  });
  const password = useWatch({ control, name: "password" });
  const { verdict } = usePasswordStrength(password);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    const judged = await judgeBeforeSending(values.password);
    if (judged && !judged.ok) {
      setError(
        "password",
        { type: "weak", message: "validation.passwordTooWeak" },
        { shouldFocus: true },
      );
      return;
    }
    try {
      await authApi.resetPassword({ token, newPassword: values.password });
    } catch (error) {
      if (error instanceof ApiError && error.code === "INVALID_TOKEN") {
        onInvalidToken();
      } else if (error instanceof ApiError && error.code === "WEAK_PASSWORD") {
        setError(
          "password",
          { type: "server", message: "common:errors.WEAK_PASSWORD" },
          { shouldFocus: true },
        );
      } else {
        setFailure(error);
      }
      return;
    }
    await onDone();
  });

  const ids = { password: fieldIds("reset-password"), confirm: fieldIds("reset-confirm") };
  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      onInput={preloadAuthResolvers}
      onPointerDown={preloadAuthResolvers}
      className="grid gap-5"
    >
      {failure ? <FormAlert tone="error">{translateError(t, failure)}</FormAlert> : null}
      <FormField
        name="reset-password"
        label={t("fields.newPassword")}
        error={errors.password?.message}
      >
        <PasswordInput
          id={ids.password.input}
          autoComplete="new-password"
          autoFocus
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={describedBy("reset-password", {
            error: Boolean(errors.password),
            hint: true,
          })}
          {...register("password")}
        />
        <PasswordStrengthMeter id={ids.password.hint} password={password} verdict={verdict} />
      </FormField>
      <FormField
        name="reset-confirm"
        label={t("fields.confirmPassword")}
        error={errors.confirm?.message}
      >
        <PasswordInput
          id={ids.confirm.input}
          autoComplete="new-password"
          aria-invalid={errors.confirm ? true : undefined}
          aria-describedby={describedBy("reset-confirm", { error: Boolean(errors.confirm) })}
          {...register("confirm")}
        />
      </FormField>
      <SubmitButton
        pending={isSubmitting}
        label={t("resetPassword.submit")}
        pendingLabel={t("resetPassword.submitting")}
      />
    </form>
  );
}
