import { MutationCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "next-themes";
import type { ReactNode } from "react";
import { toast } from "sonner";
import { Toaster } from "#client/components/ui/sonner.tsx";
import { translateError } from "#client/lib/errors.ts";
import { i18n } from "#client/lib/i18n.ts";

/**
 * One client for the whole app. A mutation that fails shows one translated toast here, unless
 * the mutation handles its own errors (`meta: { handlesErrors: true }`).
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: true } },
  mutationCache: new MutationCache({
    onError: (error, _vars, _ctx, mutation) => {
      if (mutation.meta?.handlesErrors) return;
      toast.error(translateError(i18n.t, error));
    },
  }),
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider
      attribute="class"
      storageKey="theme"
      defaultTheme="system"
      enableSystem
      disableTransitionOnChange
    >
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster />
      </QueryClientProvider>
    </ThemeProvider>
  );
}

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: { handlesErrors?: boolean };
  }
}
