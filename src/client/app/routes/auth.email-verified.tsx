import { useSearchParams } from "react-router";
import { AuthLayout } from "#client/features/auth/auth-layout.tsx";
import { EmailVerifiedCard } from "#client/features/auth/email-verified-card.tsx";

/** /auth/email-verified: where the confirmation link lands (`?error=` when it was bad). */
export function Component() {
  const [params] = useSearchParams();
  return (
    <AuthLayout>
      <EmailVerifiedCard error={params.get("error")} redirect={params.get("redirect")} />
    </AuthLayout>
  );
}
