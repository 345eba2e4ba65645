import { useSearchParams } from "react-router";
import { AuthLayout } from "#client/features/auth/auth-layout.tsx";
import { ResetSentCard } from "#client/features/auth/reset-sent-card.tsx";

/** /auth/password-reset-sent?email=: a reset link is on its way, if the address has an account. */
export function Component() {
  const [params] = useSearchParams();
  return (
    <AuthLayout>
      <ResetSentCard email={params.get("email")?.trim() || null} />
    </AuthLayout>
  );
}
