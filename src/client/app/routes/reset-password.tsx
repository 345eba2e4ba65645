import { useSearchParams } from "react-router";
import { AuthLayout } from "#client/features/auth/auth-layout.tsx";
import { ResetPasswordPanel } from "#client/features/auth/reset-password-panel.tsx";

/** /reset-password?token=: where the reset mail's link lands (`?error=` when it was bad). */
export function Component() {
  const [params] = useSearchParams();
  return (
    <AuthLayout>
      <ResetPasswordPanel token={params.get("token")} error={params.get("error")} />
    </AuthLayout>
  );
}
