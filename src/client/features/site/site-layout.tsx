import type { ReactNode } from "react";
import { PublicFooter } from "#client/components/layout/public-footer.tsx";
import { PublicHeader } from "#client/components/layout/public-header.tsx";
import { useAccount } from "#client/features/account/account.queries.ts";
import { cn } from "#client/lib/cn.ts";

/** The frame of the public site: header, the page's content as `main`, footer. */
export function SiteLayout({ children, className }: { children: ReactNode; className?: string }) {
  const account = useAccount();
  return (
    <div className="flex min-h-svh flex-col bg-background">
      <PublicHeader signedIn={Boolean(account.data)} />
      <main id="main" tabIndex={-1} className={cn("flex-1 focus:outline-none", className)}>
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}
