import { useSearchParams } from "react-router";
import { AuthLayout } from "#client/features/auth/auth-layout.tsx";
import { InvitationPanel } from "#client/features/households/invitation-panel.tsx";

/** `/invitation?token=…`: the link of an invitation mail (public; signing in happens on /auth). */
export function Component() {
  const [params] = useSearchParams();
  return (
    <AuthLayout>
      <InvitationPanel token={params.get("token") ?? ""} />
    </AuthLayout>
  );
}
