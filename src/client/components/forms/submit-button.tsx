import { LoaderCircleIcon } from "lucide-react";
import type * as React from "react";
import { Button } from "#client/components/ui/button.tsx";

/**
 * A form's submit button: while the form is sent it spins (instead of its `icon`), says it is
 * busy and cannot be pressed twice.
 */
export function SubmitButton({
  pending,
  icon,
  disabled,
  children,
  ...props
}: Omit<React.ComponentProps<typeof Button>, "type"> & {
  pending: boolean;
  /** Shown before the text while the form is not being sent. */
  icon?: React.ReactNode;
}) {
  return (
    <Button type="submit" disabled={pending || disabled} aria-busy={pending} {...props}>
      {pending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : (icon ?? null)}
      {children}
    </Button>
  );
}
