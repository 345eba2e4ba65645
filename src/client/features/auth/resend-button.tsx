import { useMutation } from "@tanstack/react-query";
import { LoaderCircleIcon, RotateCwIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "#client/lib/toast.ts";
import { Button } from "#client/components/ui/button.tsx";
import { ApiError } from "#client/lib/api.ts";
import { translateError } from "#client/lib/errors.ts";
import { useCooldown } from "./use-cooldown.ts";

/** Seconds to wait after a mail went out, and after the server said "too many". */
export const resendCooldownSeconds = 30;
export const rateLimitedCooldownSeconds = 120;

/**
 * Sends a mail again, then counts down before it can be pressed again. The server limits these
 * too (RATE_LIMITED): then it says so and waits longer.
 */
export function ResendButton({
  send,
  label,
  successMessage,
}: {
  send: () => Promise<unknown>;
  label: string;
  successMessage: string;
}) {
  const { t } = useTranslation("auth");
  const cooldown = useCooldown();
  const mutation = useMutation({
    mutationFn: send,
    meta: { handlesErrors: true },
    onSuccess: () => {
      toast.success(successMessage);
      cooldown.start(resendCooldownSeconds);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === "RATE_LIMITED") {
        toast.error(t("resend.rateLimited"));
        cooldown.start(rateLimitedCooldownSeconds);
      } else {
        toast.error(translateError(t, error));
      }
    },
  });

  const waiting = cooldown.remaining > 0;
  return (
    <Button
      type="button"
      variant="outline"
      size="lg"
      className="w-full"
      disabled={mutation.isPending || waiting}
      aria-busy={mutation.isPending}
      onClick={() => mutation.mutate()}
    >
      {mutation.isPending ? (
        <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
      ) : (
        <RotateCwIcon aria-hidden="true" />
      )}
      <span className="tabular-nums">
        {mutation.isPending
          ? t("resend.sending")
          : waiting
            ? t("resend.wait", { count: cooldown.remaining })
            : label}
      </span>
    </Button>
  );
}
