import { MutationCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider } from "next-themes";
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from "react";
import { translateError } from "#client/lib/errors.ts";
import { i18n } from "#client/lib/i18n.ts";
import { subscribeToasters, toast, toastersWanted } from "#client/lib/toast.ts";

// The toasters and sonner come with the first toast (decision 030 and 038).
const Toasters = lazy(async () => ({
  default: (await import("#client/components/ui/toasters.tsx")).Toasters,
}));

function LazyToasters() {
  const wanted = useSyncExternalStore(subscribeToasters, toastersWanted, () => false);
  return wanted ? (
    <Suspense fallback={null}>
      <Toasters />
    </Suspense>
  ) : null;
}

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

// What the server writes in the reader's language (the household's default name, the default
// categories' names) is asked for again when the language changes.
i18n.on("languageChanged", () => void queryClient.invalidateQueries());

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
        <LazyToasters />
      </QueryClientProvider>
    </ThemeProvider>
  );
}

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: { handlesErrors?: boolean };
  }
}
