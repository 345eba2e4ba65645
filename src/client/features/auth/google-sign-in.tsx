import { useQuery } from "@tanstack/react-query";
import { LoaderCircleIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "#client/lib/toast.ts";
import { Button } from "#client/components/ui/button.tsx";
import { authApi } from "#client/lib/api.ts";
import { translateError } from "#client/lib/errors.ts";
import { authQueries } from "./auth.queries.ts";

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-4" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 7.9-2.9l-3.9-3c-1.1.7-2.4 1.2-4 1.2-3.1 0-5.7-2.1-6.6-4.9h-4v3.1A12 12 0 0 0 12 24z"
      />
      <path fill="#FBBC05" d="M5.4 14.4a7.2 7.2 0 0 1 0-4.7V6.6h-4a12 12 0 0 0 0 10.8l4-3z" />
      <path
        fill="#EA4335"
        d="M12 4.8c1.7 0 3.3.6 4.5 1.8l3.4-3.4A12 12 0 0 0 1.4 6.6l4 3.1C6.3 6.9 8.9 4.8 12 4.8z"
      />
    </svg>
  );
}

/**
 * "Continue with Google" under a divider, shown only when this installation has Google
 * configured. Google sends the person back to /dashboard.
 */
export function GoogleSignIn() {
  const { t } = useTranslation("auth");
  const config = useQuery(authQueries.config());
  const [pending, setPending] = useState(false);

  if (!config.data?.googleSignIn) return null;

  const start = async () => {
    setPending(true);
    try {
      const { url } = await authApi.signInWithGoogle();
      if (!url) throw new Error("No address to continue at Google.");
      window.location.assign(url);
    } catch (error) {
      toast.error(translateError(t, error));
      setPending(false);
    }
  };

  return (
    <div className="grid gap-5">
      <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
        <span className="h-px flex-1 bg-border" />
        {t("google.or")}
        <span className="h-px flex-1 bg-border" />
      </div>
      <Button
        type="button"
        variant="outline"
        size="lg"
        className="w-full"
        disabled={pending}
        onClick={() => void start()}
      >
        {pending ? (
          <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
        ) : (
          <GoogleMark />
        )}
        {pending ? t("google.redirecting") : t("google.button")}
      </Button>
    </div>
  );
}
