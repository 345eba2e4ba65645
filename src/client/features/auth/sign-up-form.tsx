import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Trans, useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { Input } from "#client/components/ui/input.tsx";
import { ApiError, authApi } from "#client/lib/api.ts";
import { translateError } from "#client/lib/errors.ts";
import { emailVerifiedPath, verifyEmailPath } from "./auth-paths.ts";
import type { SignUpInput } from "./auth.schemas.ts";
import { deferredResolver, preloadAuthResolvers } from "./deferred-resolver.ts";
import { FormAlert } from "./form-alert.tsx";
import { describedBy, fieldIds, FormField } from "./form-field.tsx";
import { PasswordInput } from "#client/components/forms/password-input.tsx";
import { PasswordStrengthMeter } from "#client/components/forms/password-strength-meter.tsx";
import { SubmitButton } from "./submit-button.tsx";
import { judgeBeforeSending, usePasswordStrength } from "#client/lib/use-password-strength.ts";

const inlineLink = "font-medium text-foreground underline underline-offset-4 hover:text-primary";

/**
 * Full name, e-mail and password with a live strength meter; success leads to verify-email.
 * `redirect` (a path on this site, e.g. an invitation) travels in the confirmation link, so the
 * e-mail-verified page can lead back to it.
 */
export function SignUpForm({
  defaultEmail = "",
  redirect = null,
}: {
  defaultEmail?: string;
  redirect?: string | null;
}) {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<SignUpInput>({
    resolver: deferredResolver((resolvers) => resolvers.signUpResolver),
    defaultValues: { name: "", email: defaultEmail, password: "" },
  });
  const [name, email, password] = useWatch({ control, name: ["name", "email", "password"] });
  const { verdict } = usePasswordStrength(password, [name, email]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    // The server refuses the same passwords; saying so here saves a round trip.
    const judged = await judgeBeforeSending(values.password, [values.name, values.email]);
    if (judged && !judged.ok) {
      setError(
        "password",
        { type: "weak", message: "validation.passwordTooWeak" },
        { shouldFocus: true },
      );
      return;
    }
    try {
      const callbackURL = emailVerifiedPath(redirect);
      await authApi.signUp(
        callbackURL === emailVerifiedPath() ? values : { ...values, callbackURL },
      );
    } catch (error) {
      if (error instanceof ApiError && error.code === "EMAIL_TAKEN") {
        setError(
          "email",
          { type: "server", message: "common:errors.EMAIL_TAKEN" },
          { shouldFocus: true },
        );
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
    await navigate(verifyEmailPath(values.email, redirect));
  });

  const ids = {
    name: fieldIds("sign-up-name"),
    email: fieldIds("sign-up-email"),
    password: fieldIds("sign-up-password"),
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      onInput={preloadAuthResolvers}
      onPointerDown={preloadAuthResolvers}
      className="grid gap-5"
    >
      {failure ? <FormAlert tone="error">{translateError(t, failure)}</FormAlert> : null}
      <FormField name="sign-up-name" label={t("fields.fullName")} error={errors.name?.message}>
        <Input
          id={ids.name.input}
          autoComplete="name"
          autoFocus
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describedBy("sign-up-name", { error: Boolean(errors.name) })}
          {...register("name")}
        />
      </FormField>
      <FormField name="sign-up-email" label={t("fields.email")} error={errors.email?.message}>
        <Input
          id={ids.email.input}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t("fields.emailPlaceholder")}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={describedBy("sign-up-email", { error: Boolean(errors.email) })}
          {...register("email")}
        />
      </FormField>
      <FormField
        name="sign-up-password"
        label={t("fields.password")}
        error={errors.password?.message}
      >
        <PasswordInput
          id={ids.password.input}
          autoComplete="new-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={describedBy("sign-up-password", {
            error: Boolean(errors.password),
            hint: true,
          })}
          {...register("password")}
        />
        <PasswordStrengthMeter id={ids.password.hint} password={password} verdict={verdict} />
      </FormField>
      <SubmitButton
        pending={isSubmitting}
        label={t("signUp.submit")}
        pendingLabel={t("signUp.submitting")}
      />
      <p className="text-center text-xs leading-relaxed text-muted-foreground">
        <Trans
          t={t}
          i18nKey="signUp.agree"
          components={{
            terms: <Link to="/terms" className={inlineLink} />,
            privacy: <Link to="/privacy" className={inlineLink} />,
          }}
        />
      </p>
    </form>
  );
}
