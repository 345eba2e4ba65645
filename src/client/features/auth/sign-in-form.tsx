import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { Input } from "#client/components/ui/input.tsx";
import { accountQueries } from "#client/features/account/account.queries.ts";
import { ApiError, authApi } from "#client/lib/api.ts";
import { translateError } from "#client/lib/errors.ts";
import { applyLanguage } from "#client/lib/i18n.ts";
import { verifyEmailPath } from "./auth-paths.ts";
import type { SignInInput } from "./auth.schemas.ts";
import { deferredResolver, preloadAuthResolvers } from "./deferred-resolver.ts";
import { FormAlert } from "./form-alert.tsx";
import { describedBy, fieldIds, FormField } from "./form-field.tsx";
import { PasswordInput } from "#client/components/forms/password-input.tsx";
import { SubmitButton } from "./submit-button.tsx";

/**
 * E-mail and password. Success applies the profile's language and goes to `redirectTo`; an
 * unconfirmed address goes to the page that can send the confirmation mail again.
 */
export function SignInForm({
  redirectTo,
  defaultEmail = "",
  forgotHref,
  notice,
}: {
  redirectTo: string;
  defaultEmail?: string;
  forgotHref: string;
  notice?: string | undefined;
}) {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    getValues,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<SignInInput>({
    resolver: deferredResolver((resolvers) => resolvers.signInResolver),
    defaultValues: { email: defaultEmail, password: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await authApi.signIn(values);
    } catch (error) {
      if (error instanceof ApiError && error.code === "EMAIL_NOT_VERIFIED") {
        await navigate(verifyEmailPath(values.email, redirectTo));
        return;
      }
      setFailure(error);
      if (error instanceof ApiError && error.code === "INVALID_CREDENTIALS") {
        setFocus("password", { shouldSelect: true });
      }
      return;
    }
    await queryClient.invalidateQueries({ queryKey: accountQueries.all });
    try {
      const account = await queryClient.fetchQuery(accountQueries.me());
      if (account) await applyLanguage(account.profile.preferredLanguage);
    } catch {
      // The dashboard loads the account itself; the language simply stays as it is.
    }
    await navigate(redirectTo, { replace: true });
  });

  const email = fieldIds("sign-in-email");
  const password = fieldIds("sign-in-password");

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      onInput={preloadAuthResolvers}
      onPointerDown={preloadAuthResolvers}
      className="grid gap-5"
    >
      {notice && !failure ? <FormAlert tone="success">{notice}</FormAlert> : null}
      {failure ? <FormAlert tone="error">{translateError(t, failure)}</FormAlert> : null}
      <FormField name="sign-in-email" label={t("fields.email")} error={errors.email?.message}>
        <Input
          id={email.input}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus={!defaultEmail}
          placeholder={t("fields.emailPlaceholder")}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={describedBy("sign-in-email", { error: Boolean(errors.email) })}
          {...register("email")}
        />
      </FormField>
      <FormField
        name="sign-in-password"
        label={t("fields.password")}
        error={errors.password?.message}
        labelAside={
          <Link
            to={forgotHref}
            onClick={(event) => {
              event.preventDefault();
              void navigate(forgotHref, { state: { email: getValues("email") } });
            }}
            className="rounded-sm text-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            {t("signIn.forgot")}
          </Link>
        }
      >
        <PasswordInput
          id={password.input}
          autoComplete="current-password"
          autoFocus={Boolean(defaultEmail)}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={describedBy("sign-in-password", { error: Boolean(errors.password) })}
          {...register("password")}
        />
      </FormField>
      <SubmitButton
        pending={isSubmitting}
        label={t("signIn.submit")}
        pendingLabel={t("signIn.submitting")}
      />
    </form>
  );
}
