import { zodResolver } from "@hookform/resolvers/zod";
import {
  forgotPasswordSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from "./auth.schemas.ts";

/**
 * The account forms' checks (zod and its resolver), in a module of their own: the forms load it
 * when a person starts to fill one in (deferred-resolver.ts), so /auth shows without zod.
 */
export const signInResolver = zodResolver(signInSchema);
export const signUpResolver = zodResolver(signUpSchema);
export const forgotPasswordResolver = zodResolver(forgotPasswordSchema);
export const resetPasswordResolver = zodResolver(resetPasswordSchema);
