import type { ReactNode } from "react";
import { Button } from "#client/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#client/components/ui/dialog.tsx";
import { LoadingRegion } from "#client/components/ui/loading-region.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { SubmitButton } from "./submit-button.tsx";

/**
 * A form in a dialog over the page ("New account", "Book the payment"): its title and what it
 * is for, a skeleton while what the form needs is loading, closed by Escape, the close button
 * or the form's own Cancel.
 */
export function FormDialog({
  title,
  description,
  closeLabel,
  testId,
  className = "sm:max-w-lg",
  loading = false,
  onClose,
  children,
}: {
  title: string;
  description?: string;
  closeLabel: string;
  testId: string;
  className?: string;
  loading?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className={className} closeLabel={closeLabel} data-testid={testId}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : null}
        </DialogHeader>
        {loading ? (
          <LoadingRegion className="grid gap-4">
            <Skeleton className="h-9" />
            <Skeleton className="h-24" />
            <Skeleton className="h-9" />
          </LoadingRegion>
        ) : (
          children
        )}
      </DialogContent>
    </Dialog>
  );
}

/** A dialog form's buttons: Cancel, and the submit button (`children`) that spins while sent. */
export function FormDialogFooter({
  cancelLabel,
  onCancel,
  pending,
  children,
}: {
  cancelLabel: string;
  onCancel: () => void;
  pending: boolean;
  children: ReactNode;
}) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <SubmitButton pending={pending}>{children}</SubmitButton>
    </DialogFooter>
  );
}
