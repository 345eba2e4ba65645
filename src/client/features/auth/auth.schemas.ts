import { z } from "zod";

import { passwordMaxLength, passwordMinLength } from "#shared/password-rules.ts";

/**
 * The account forms. Messages are keys in the "auth" namespace, translated where they are shown,
 * so a schema stays the same in every language. Strength (zxcvbn) is judged by the meter and the
 * server, not here: its dictionaries load separately.
 */
const email = z
  .string()
  .trim()
  .min(1, { error: "validation.emailRequired" })
  .max(254, { error: "validation.emailInvalid" })
  .pipe(z.email({ error: "validation.emailInvalid" }));

const newPassword = z
  .string()
  .min(1, { error: "validation.newPasswordRequired" })
  .min(passwordMinLength, { error: "validation.passwordTooShort" })
  .max(passwordMaxLength, { error: "validation.passwordTooLong" });

export const signInSchema = z.object({
  email,
  password: z.string().min(1, { error: "validation.passwordRequired" }),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const signUpSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: "validation.fullNameRequired" })
    .max(100, { error: "validation.fullNameTooLong" }),
  email,
  password: newPassword,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({
    password: newPassword,
    confirm: z.string().min(1, { error: "validation.confirmRequired" }),
  })
  .refine((value) => value.confirm.length === 0 || value.password === value.confirm, {
    error: "validation.passwordsDiffer",
    path: ["confirm"],
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
