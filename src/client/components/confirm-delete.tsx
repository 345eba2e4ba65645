import { toast } from "#client/lib/toast.ts";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.tsx";

/** A mutation that deletes by id (a movement, a trade, an extra repayment, a whole loan). */
type Remove = {
  mutate: (id: string, options: { onSuccess: () => void; onError: (error: Error) => void }) => void;
  isPending: boolean;
};

/**
 * "Delete this?" asked while `item` is set; on yes, `remove` deletes it and a toast says so —
 * with "Undo" when `undo` can put it back — and `onDeleted` runs (close, leave the page). A
 * failure is a toast with `failed` and the sentence `errorOf` makes of the error.
 */
export function ConfirmDelete<T extends { id: string }>({
  item,
  onClose,
  title,
  description,
  confirmLabel,
  remove,
  deleted,
  failed,
  errorOf,
  undo,
  onDeleted,
}: {
  item: T | null;
  onClose: () => void;
  title: string;
  description: (item: T) => string;
  confirmLabel: string;
  remove: Remove;
  deleted: (item: T) => string;
  failed: string;
  errorOf: (error: unknown) => string;
  undo?: (item: T) => { label: string; onClick: () => void } | undefined;
  onDeleted?: (item: T) => void;
}) {
  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      description={item ? description(item) : ""}
      confirmLabel={confirmLabel}
      pending={remove.isPending}
      onConfirm={() => {
        if (!item) return;
        remove.mutate(item.id, {
          onSuccess: () => {
            onClose();
            toast.success(deleted(item), { action: undo?.(item) });
            onDeleted?.(item);
          },
          onError: (error) => toast.error(failed, { description: errorOf(error) }),
        });
      }}
    />
  );
}
