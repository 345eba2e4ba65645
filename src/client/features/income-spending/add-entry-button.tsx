import { PlusIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "#client/components/ui/button.tsx";
import { openEntryDialog } from "#client/features/transactions/entry-dialog-store.ts";
import type { EntryKind } from "#shared/schemas/categories.schema.ts";

/** "Add income" / "Add expense": opens the dashboard's entry form for that kind. */
export function AddEntryButton({
  kind,
  variant = "default",
}: {
  kind: EntryKind;
  variant?: "default" | "outline";
}) {
  const { t } = useTranslation("money");
  return (
    <Button
      size="sm"
      variant={variant}
      onClick={() => openEntryDialog({ kind })}
      data-testid={`add-${kind}`}
    >
      <PlusIcon aria-hidden="true" />
      {t(`kind.${kind}.add`)}
    </Button>
  );
}
