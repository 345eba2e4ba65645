import { LoaderCircleIcon } from "lucide-react";
import type { ComponentProps } from "react";
import { Button } from "#client/components/ui/button.tsx";

/** The main button of a form; while the form is sent it spins, says so, and cannot be pressed twice. */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
  ...props
}: { pending: boolean; label: string; pendingLabel: string } & Omit<
  ComponentProps<typeof Button>,
  "children" | "type"
>) {
  return (
    <Button
      type="submit"
      size="lg"
      className="w-full"
      disabled={pending}
      aria-busy={pending}
      {...props}
    >
      {pending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
      {pending ? pendingLabel : label}
    </Button>
  );
}
