import type { FieldValues, Resolver } from "react-hook-form";
import type * as AuthResolversModule from "./auth-resolvers.ts";

type AuthResolvers = typeof AuthResolversModule;

let loading: Promise<AuthResolvers> | undefined;

/**
 * Starts loading the forms' checks (zod): the forms call it when a person types in them or
 * presses in them (not on focus: /auth focuses its first field by itself), so the checks are there
 * by the time the form is sent. A failed load is tried again.
 */
export function loadAuthResolvers(): Promise<AuthResolvers> {
  loading ??= import("./auth-resolvers.ts").catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** For a form's `onInput` and `onPointerDown`: loads the checks, ignoring a failure (the next use tries again). */
export function preloadAuthResolvers() {
  loadAuthResolvers().catch(() => undefined);
}

/**
 * A resolver that loads the form's checks the first time it runs (zodResolver already answers
 * asynchronously, so the form behaves the same). If they cannot be loaded (offline), the values
 * go on unchecked: the server checks them again and its answer is shown as always.
 */
export function deferredResolver<V extends FieldValues>(
  pick: (resolvers: AuthResolvers) => Resolver<V>,
): Resolver<V> {
  return async (values, context, options) => {
    let resolver: Resolver<V>;
    try {
      resolver = pick(await loadAuthResolvers());
    } catch {
      return { values, errors: {} };
    }
    return resolver(values, context, options);
  };
}
