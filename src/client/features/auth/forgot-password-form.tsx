import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Input } from "#client/components/ui/input.tsx";
import { authApi } from "#client/lib/api.ts";
import { translateError } from "#client/lib/errors.ts";
import { resetSentPath } from "./auth-paths.ts";
import type { ForgotPasswordInput } from "./auth.schemas.ts";
import { deferredResolver, preloadAuthResolvers } from "./deferred-resolver.ts";
import { FormAlert } from "./form-alert.tsx";
import { describedBy, fieldIds, FormField } from "./form-field.tsx";
import { SubmitButton } from "./submit-button.tsx";

/** Asks for a reset link. The next page never says whether the address has an account. */
export function ForgotPasswordForm({ defaultEmail = "" }: { defaultEmail?: string }) {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordInput>({
    resolver: deferredResolver((resolvers) => resolvers.forgotPasswordResolver),
    defaultValues: { email: defaultEmail },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await authApi.requestPasswordReset(email);
    } catch (error) {
      setFailure(error);
      return;
    }
    await navigate(resetSentPath(email));
  });

  const ids = fieldIds("forgot-email");
  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      onInput={preloadAuthResolvers}
      onPointerDown={preloadAuthResolvers}
      className="grid gap-5"
    >
      {failure ? <FormAlert tone="error">{translateError(t, failure)}</FormAlert> : null}
      <FormField name="forgot-email" label={t("fields.email")} error={errors.email?.message}>
        <Input
          id={ids.input}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          placeholder={t("fields.emailPlaceholder")}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={describedBy("forgot-email", { error: Boolean(errors.email) })}
          {...register("email")}
        />
      </FormField>
      <SubmitButton
        pending={isSubmitting}
        label={t("forgot.submit")}
        pendingLabel={t("forgot.submitting")}
      />
    </form>
  );
}
