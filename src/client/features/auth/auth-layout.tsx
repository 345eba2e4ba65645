import type { ReactNode } from "react";
import { PublicFooter } from "#client/components/layout/public-footer.tsx";
import { PublicHeader } from "#client/components/layout/public-header.tsx";
import { useAccount } from "#client/features/account/account.queries.ts";

/** The frame of every account page: the public header and footer around one centred card. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const account = useAccount();
  return (
    <div className="flex min-h-svh flex-col bg-background">
      <PublicHeader signedIn={Boolean(account.data)} />
      <main
        id="main"
        className="relative flex flex-1 justify-center overflow-hidden px-4 pt-8 pb-16 sm:items-center sm:py-16"
      >
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 top-0 -z-0 h-80 bg-[radial-gradient(ellipse_at_top,var(--color-accent),transparent_70%)] opacity-80"
        />
        <div className="relative w-full max-w-md">{children}</div>
      </main>
      <PublicFooter />
    </div>
  );
}
