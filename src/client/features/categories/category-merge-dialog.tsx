import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "#client/lib/toast.ts";
import { Button } from "#client/components/ui/button.tsx";
import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from "#client/components/ui/dialog.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { NativeSelect } from "#client/components/ui/select.tsx";
import { errorText } from "#client/features/income-spending/money-format.ts";
import type { Category } from "#shared/schemas/categories.schema.ts";
import { useCategories, useMergeCategory } from "./categories.queries.ts";

/**
 * Merges a category into another of the same kind: its entries, recurring entries and budgets
 * move, then it is removed. Asks first; says afterwards how many entries moved.
 */
export function CategoryMergeDialog({
  category,
  onClose,
}: {
  category: Category;
  onClose: () => void;
}) {
  const { t } = useTranslation("money");
  const id = useId();
  const categories = useCategories();
  const merge = useMergeCategory();
  const targets = (categories.data ?? [])
    .filter((other) => other.kind === category.kind && other.id !== category.id)
    .sort((a, b) => Number(a.archived) - Number(b.archived) || a.name.localeCompare(b.name));
  const [into, setInto] = useState(targets.find((other) => !other.archived)?.id ?? "");
  const target = targets.find((other) => other.id === into);

  const confirm = () => {
    if (!target) return;
    merge.mutate(
      { id: category.id, intoCategoryId: target.id },
      {
        onSuccess: ({ moved }) => {
          toast.success(
            t("categories.merged", { count: moved, from: category.name, into: target.name }),
          );
          onClose();
        },
        onError: (error) =>
          toast.error(t("categories.mergeFailed"), { description: errorText(t, error) }),
      },
    );
  };

  return (
    <AlertDialog open onOpenChange={(open) => (open ? null : onClose())}>
      <AlertDialogContent>
        <div className="grid gap-2">
          <AlertDialogTitle>{t("categories.mergeTitle", { name: category.name })}</AlertDialogTitle>
          <AlertDialogDescription>
            {t("categories.mergeBody", { name: category.name })}
          </AlertDialogDescription>
        </div>
        {targets.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("categories.mergeNoTarget")}</p>
        ) : (
          <div className="grid gap-2">
            <Label htmlFor={`${id}-into`}>{t("categories.mergeInto")}</Label>
            <NativeSelect
              id={`${id}-into`}
              value={into}
              onChange={(event) => setInto(event.target.value)}
            >
              {targets.map((other) => (
                <option key={other.id} value={other.id}>
                  {other.archived ? `${other.name} ${t("categories.archivedSuffix")}` : other.name}
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={merge.isPending}>
            {t("cancel")}
          </Button>
          <Button variant="destructive" disabled={merge.isPending || !target} onClick={confirm}>
            {merge.isPending ? t("working") : t("categories.mergeConfirm")}
          </Button>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}
