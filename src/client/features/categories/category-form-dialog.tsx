import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "#client/lib/toast.ts";
import { Button } from "#client/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#client/components/ui/dialog.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { errorText } from "#client/features/income-spending/money-format.ts";
import { cn } from "#client/lib/cn.ts";
import {
  categoryColors,
  categoryIcons,
  categoryNameMaxLength,
  type Category,
  type CategoryColor,
  type CategoryIcon,
  type EntryKind,
} from "#shared/schemas/categories.schema.ts";
import { useCreateCategory, useUpdateCategory } from "./categories.queries.ts";
import { CategoryIconTile, categoryDotClasses } from "./category-badge.tsx";

function asIcon(value: string): CategoryIcon {
  return (categoryIcons as readonly string[]).includes(value) ? (value as CategoryIcon) : "tag";
}
function asColor(value: string): CategoryColor {
  return (categoryColors as readonly string[]).includes(value) ? (value as CategoryColor) : "slate";
}

/**
 * Adds a category of a kind, or edits one: name, icon, colour, the tax-relevant mark and, for
 * expenses, the health-care mark (its expenses count against the health deductible).
 */
export function CategoryFormDialog({
  kind,
  category,
  onClose,
}: {
  kind: EntryKind;
  category: Category | null;
  onClose: () => void;
}) {
  const { t } = useTranslation("money");
  const id = useId();
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const [name, setName] = useState(category?.name ?? "");
  const [icon, setIcon] = useState<CategoryIcon>(asIcon(category?.icon ?? "tag"));
  const [color, setColor] = useState<CategoryColor>(asColor(category?.color ?? "blue"));
  const [taxRelevant, setTaxRelevant] = useState(category?.taxRelevant ?? false);
  const [healthCare, setHealthCare] = useState(category?.healthCare ?? false);
  // Only expenses count against the deductible: income categories neither show nor send it.
  const expense = (category?.kind ?? kind) === "expense";
  const [error, setError] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (name.trim() === "") return setError(t("categories.nameRequired"));
    setError(null);
    const done = {
      onSuccess: () => {
        toast.success(
          category
            ? t("categories.saved", { name: name.trim() })
            : t("categories.added", { name: name.trim() }),
        );
        onClose();
      },
      onError: (failure: unknown) => setError(errorText(t, failure)),
    };
    const marks = { taxRelevant, ...(expense ? { healthCare } : {}) };
    if (category) update.mutate({ id: category.id, name, icon, color, ...marks }, done);
    else create.mutate({ kind, name, icon, color, ...marks }, done);
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg" closeLabel={t("close")}>
        <form onSubmit={submit} className="grid gap-5" noValidate>
          <DialogHeader>
            <DialogTitle>
              {category ? t("categories.editTitle") : t(`categories.addTitle.${kind}`)}
            </DialogTitle>
            <DialogDescription>{t("categories.formDescription")}</DialogDescription>
          </DialogHeader>

          <div className="flex items-end gap-3">
            <CategoryIconTile icon={icon} color={color} size="lg" />
            <div className="grid flex-1 gap-2">
              <Label htmlFor={`${id}-name`}>{t("categories.name")}</Label>
              <Input
                id={`${id}-name`}
                value={name}
                maxLength={categoryNameMaxLength}
                autoFocus
                autoComplete="off"
                onChange={(event) => setName(event.target.value)}
                aria-invalid={error !== null}
                aria-describedby={error ? `${id}-error` : undefined}
              />
            </div>
          </div>
          {error ? (
            <p id={`${id}-error`} className="-mt-3 text-sm text-destructive" role="alert">
              {error}
            </p>
          ) : null}

          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">{t("categories.icon")}</legend>
            <div className="grid grid-cols-8 gap-1.5 sm:grid-cols-9">
              {categoryIcons.map((option) => (
                <label
                  key={option}
                  className={cn(
                    "relative grid cursor-pointer place-items-center rounded-lg border border-transparent p-1 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
                    icon === option && "border-primary bg-primary/5",
                  )}
                  title={t(`icons.${option}`)}
                >
                  <input
                    type="radio"
                    name={`${id}-icon`}
                    value={option}
                    checked={icon === option}
                    onChange={() => setIcon(option)}
                    className="sr-only"
                    aria-label={t(`icons.${option}`)}
                  />
                  <CategoryIconTile icon={option} color={icon === option ? color : "slate"} />
                </label>
              ))}
            </div>
          </fieldset>

          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">{t("categories.color")}</legend>
            <div className="flex flex-wrap gap-2">
              {categoryColors.map((option) => (
                <label
                  key={option}
                  className={cn(
                    "relative grid size-8 cursor-pointer place-items-center rounded-full border-2 border-transparent has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50",
                    color === option && "border-foreground",
                  )}
                  title={t(`colors.${option}`)}
                >
                  <input
                    type="radio"
                    name={`${id}-color`}
                    value={option}
                    checked={color === option}
                    onChange={() => setColor(option)}
                    className="sr-only"
                    aria-label={t(`colors.${option}`)}
                  />
                  <span className={cn("size-5 rounded-full", categoryDotClasses[option])} />
                </label>
              ))}
            </div>
          </fieldset>

          <div className="grid gap-2">
            <label className="flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-primary"
                checked={taxRelevant}
                onChange={(event) => setTaxRelevant(event.target.checked)}
                aria-labelledby={`${id}-tax`}
                aria-describedby={`${id}-tax-hint`}
              />
              <span className="grid gap-0.5">
                <span id={`${id}-tax`} className="font-medium">
                  {t("categories.taxRelevant")}
                </span>
                <span id={`${id}-tax-hint`} className="text-xs text-muted-foreground">
                  {t("categories.taxHint")}
                </span>
              </span>
            </label>
            {expense ? (
              <label className="flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                  checked={healthCare}
                  onChange={(event) => setHealthCare(event.target.checked)}
                  aria-labelledby={`${id}-health`}
                  aria-describedby={`${id}-health-hint`}
                  data-testid="category-health-care"
                />
                <span className="grid gap-0.5">
                  <span id={`${id}-health`} className="font-medium">
                    {t("categories.healthCare")}
                  </span>
                  <span id={`${id}-health-hint`} className="text-xs text-muted-foreground">
                    {t("categories.healthCareHint")}
                  </span>
                </span>
              </label>
            ) : null}
          </div>

          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
              {t("cancel")}
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? t("saving") : category ? t("categories.save") : t("categories.add")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
