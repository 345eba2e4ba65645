import { WandSparklesIcon } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { NativeSelect } from "#client/components/ui/select.tsx";
import {
  activeCategories,
  categoryMap,
  useCategories,
} from "#client/features/categories/categories.queries.ts";
import {
  useCategoryPreview,
  useCreateCategoryRule,
} from "#client/features/categories/category-rules.queries.ts";
import { errorText } from "#client/features/income-spending/money-format.ts";
import { matchText } from "#shared/category-rules.ts";
import type { ImportRow } from "#shared/csv-import.ts";
import type { CategoryPreviewInput } from "#shared/schemas/category-rules.schema.ts";

/** The distinct category names a preview asks about (the server takes at most this many). */
const maxNames = 1000;

type RowCategory = {
  name: string;
  categoryId: string | null;
  /** Placed by a rule, by the household's past entries, or a name the household lacks. */
  badge: "rule" | "learned" | "new" | null;
};

export type ImportCategories = ReturnType<typeof useImportCategories>;

/**
 * The categories of an import's preview (decision 037): where each shown row goes (the file's
 * category, a rule's, the one last used with its counterparty, or the default), which of the
 * file's names will be created, and the row a rule is being made for.
 */
export function useImportCategories(
  good: readonly ImportRow[],
  shown: readonly ImportRow[],
  defaultCategory: string | null | undefined,
) {
  const categories = useCategories();
  const byId = categoryMap(categories.data);
  const fallback = matchText(defaultCategory ?? "");
  const input = useMemo<CategoryPreviewInput | null>(() => {
    if (good.length === 0) return null;
    const names = new Map<string, { kind: "income" | "expense"; name: string }>();
    for (const row of good) {
      const key = `${row.kind}|${matchText(row.category)}`;
      if (!names.has(key) && matchText(row.category) !== "")
        names.set(key, { kind: row.kind, name: row.category.trim() });
      if (names.size >= maxNames) break;
    }
    return {
      rows: shown.map((row) => ({ kind: row.kind, merchant: row.merchant, notes: row.notes })),
      names: [...names.values()],
    };
  }, [good, shown]);
  const preview = useCategoryPreview(input);
  const [ruleFor, setRuleFor] = useState<ImportRow | null>(null);

  const known = (row: ImportRow) =>
    preview.data?.names.find(
      (entry) => entry.kind === row.kind && matchText(entry.name) === matchText(row.category),
    );
  const forRow = (row: ImportRow, index: number): RowCategory => {
    const open = fallback !== "" && matchText(row.category) === fallback;
    const placed = open ? preview.data?.rows[index] : undefined;
    if (placed?.categoryId && placed.source) {
      return {
        name: byId.get(placed.categoryId)?.name ?? row.category,
        categoryId: placed.categoryId,
        badge: placed.source,
      };
    }
    const found = known(row);
    const categoryId = found?.categoryId ?? null;
    return {
      name: categoryId ? (byId.get(categoryId)?.name ?? row.category) : row.category.trim(),
      categoryId,
      badge: found && categoryId === null ? "new" : null,
    };
  };
  // A name new for both kinds ("Imported" for money in and out) is listed once.
  const created = [
    ...new Map(
      (preview.data?.names ?? [])
        .filter((entry) => entry.categoryId === null)
        .map((entry) => [matchText(entry.name), entry.name]),
    ).values(),
  ];
  return { forRow, created, ruleFor, setRuleFor, choices: activeCategories(categories.data) };
}

/** A preview row's category, with where it came from. */
export function ImportCategoryCell({ category }: { category: RowCategory }) {
  const { t } = useTranslation("money");
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <span data-testid="import-preview-category">{category.name}</span>
      {category.badge ? (
        <Badge
          variant={category.badge === "rule" ? "secondary" : "outline"}
          className="text-[0.7rem]"
          data-testid={`import-category-${category.badge}`}
        >
          {t(`categories.rules.badges.${category.badge}`)}
        </Badge>
      ) : null}
    </span>
  );
}

/** "Always put …": opens the rule form below the preview for the row's counterparty. */
export function ImportRuleButton({
  row,
  categories,
}: {
  row: ImportRow;
  categories: ImportCategories;
}) {
  const { t } = useTranslation("money");
  if (!row.merchant) return null;
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      className="h-7 px-2 text-xs"
      aria-expanded={categories.ruleFor?.line === row.line}
      onClick={() => categories.setRuleFor(categories.ruleFor?.line === row.line ? null : row)}
    >
      <WandSparklesIcon aria-hidden="true" />
      {t("categories.rules.always")}
      <span className="sr-only">
        {" "}
        {t("categories.rules.makeFor", { counterparty: row.merchant })}
      </span>
    </Button>
  );
}

/**
 * Below the preview: the names that will be created, and the one-click rule for a row's
 * counterparty ("Always put Albert Heijn in Groceries"), made first in the order so it wins;
 * the preview asks again and shows the rule's category.
 */
export function ImportCategoryNotes({ categories }: { categories: ImportCategories }) {
  const { t } = useTranslation("money");
  const uid = useId();
  const create = useCreateCategoryRule();
  const { ruleFor, setRuleFor, choices, created } = categories;
  const [categoryId, setCategoryId] = useState("");
  // What the last rule did, said under the preview (read out when it changes).
  const [notice, setNotice] = useState<{ text: string; failed: boolean } | null>(null);
  const kinds = ruleFor ? choices.filter((category) => category.kind === ruleFor.kind) : [];
  const chosen = kinds.some((category) => category.id === categoryId)
    ? categoryId
    : (kinds[0]?.id ?? "");
  const chosenName = kinds.find((category) => category.id === chosen)?.name ?? "";
  // The form opens below the preview: bring it into view, its category picker focused.
  const picker = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    const select = picker.current;
    if (!ruleFor || !select) return;
    // Scrolled up and down only: scrollIntoView would also shift the dialog sideways on a phone.
    const box = select.closest<HTMLElement>('[role="dialog"]');
    if (box) {
      const place = select.getBoundingClientRect();
      const view = box.getBoundingClientRect();
      box.scrollBy({ top: place.top - view.top - view.height / 2, behavior: "smooth" });
    }
    select.focus({ preventScroll: true });
  }, [ruleFor]);

  return (
    <>
      {created.length > 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="import-new-categories">
          {t("categories.rules.willCreate", {
            count: created.length,
            names: created.join(", "),
          })}
        </p>
      ) : null}
      <p
        role="status"
        aria-live="polite"
        data-testid="import-rule-notice"
        className={notice?.failed ? "text-sm text-destructive" : "text-sm text-muted-foreground"}
      >
        {notice?.text ?? ""}
      </p>
      {ruleFor?.merchant ? (
        <form
          className="grid gap-3 rounded-lg border bg-muted/30 p-3 sm:grid-cols-[1fr_auto] sm:items-end"
          data-testid="import-rule-form"
          onSubmit={(event) => {
            event.preventDefault();
            const counterparty = ruleFor.merchant ?? "";
            create.mutate(
              { pattern: counterparty, field: "counterparty", categoryId: chosen, first: true },
              {
                onSuccess: () => {
                  setRuleFor(null);
                  setNotice({
                    text: t("categories.rules.made", { counterparty, category: chosenName }),
                    failed: false,
                  });
                },
                onError: (error) =>
                  setNotice({
                    text: `${t("categories.rules.saveFailed")} ${errorText(t, error)}`,
                    failed: true,
                  }),
              },
            );
          }}
        >
          <div className="grid min-w-0 gap-1.5">
            <Label htmlFor={`${uid}-category`} className="block break-words leading-normal">
              {t("categories.rules.alwaysPut", { counterparty: ruleFor.merchant })}
            </Label>
            <NativeSelect
              ref={picker}
              id={`${uid}-category`}
              value={chosen}
              onChange={(event) => setCategoryId(event.target.value)}
            >
              {kinds.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex gap-2">
            <Button type="button" variant="outline" size="sm" onClick={() => setRuleFor(null)}>
              {t("cancel")}
            </Button>
            <Button type="submit" size="sm" disabled={!chosen || create.isPending}>
              {t("categories.rules.saveRule")}
            </Button>
          </div>
        </form>
      ) : null}
    </>
  );
}
