import { redirect, type LoaderFunctionArgs } from "react-router";
import { accountQueries } from "#client/features/account/account.queries.ts";
import { AuthLayout } from "#client/features/auth/auth-layout.tsx";
import { AuthPanel } from "#client/features/auth/auth-panel.tsx";
import { safeRedirect } from "#client/features/auth/safe-redirect.ts";
import { queryClient } from "#client/app/providers.tsx";

/** Someone already signed in has nothing to do here: on to the dashboard (or where they were going). */
export async function loader({ request }: LoaderFunctionArgs) {
  const account = await queryClient.ensureQueryData(accountQueries.me()).catch(() => null);
  if (account) throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirect")));
  return null;
}

/** Switching between sign in, sign up and forgot changes only the search: no need to ask again. */
export function shouldRevalidate({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }) {
  return currentUrl.pathname !== nextUrl.pathname;
}

export function Component() {
  return (
    <AuthLayout>
      <AuthPanel />
    </AuthLayout>
  );
}
