import type { ComponentProps } from "react";
import { SubmitButton as FormSubmitButton } from "#client/components/forms/submit-button.tsx";

/** The main button of an auth form: large, full width, and it says so while the form is sent. */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
  ...props
}: { pending: boolean; label: string; pendingLabel: string } & Omit<
  ComponentProps<typeof FormSubmitButton>,
  "children" | "pending"
>) {
  return (
    <FormSubmitButton pending={pending} size="lg" className="w-full" {...props}>
      {pending ? pendingLabel : label}
    </FormSubmitButton>
  );
}
