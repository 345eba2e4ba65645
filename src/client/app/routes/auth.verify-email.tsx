import { useSearchParams } from "react-router";
import { AuthLayout } from "#client/features/auth/auth-layout.tsx";
import { VerifyEmailCard } from "#client/features/auth/verify-email-card.tsx";

/** /auth/verify-email?email=: the confirmation mail was sent; it can be sent again. */
export function Component() {
  const [params] = useSearchParams();
  return (
    <AuthLayout>
      <VerifyEmailCard
        email={params.get("email")?.trim() || null}
        redirect={params.get("redirect")}
      />
    </AuthLayout>
  );
}
