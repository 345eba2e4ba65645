import {
  ArchiveIcon,
  ArchiveRestoreIcon,
  EllipsisIcon,
  HeartPulseIcon,
  MergeIcon,
  PencilIcon,
  PlusIcon,
} from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "#client/lib/toast.ts";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "#client/components/ui/dropdown-menu.tsx";
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from "#client/components/ui/sheet.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#client/components/ui/tabs.tsx";
import { errorText } from "#client/features/income-spending/money-format.ts";
import { cn } from "#client/lib/cn.ts";
import { entryKinds, type Category, type EntryKind } from "#shared/schemas/categories.schema.ts";
import { useCategories, useUpdateCategory } from "./categories.queries.ts";
import { CategoryIconTile } from "./category-badge.tsx";
import { CategoryFormDialog } from "./category-form-dialog.tsx";
import { CategoryMergeDialog } from "./category-merge-dialog.tsx";
import { CategoryRules } from "./category-rules.tsx";

/**
 * "Manage categories": per kind, every category (archived ones last), with add, edit,
 * archive / bring back and merge into another; and a tab of the category rules (decision 037).
 */
export function CategoryManager({
  open,
  onOpenChange,
  initialKind = "expense",
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialKind?: EntryKind;
}) {
  const { t } = useTranslation("money");
  const [tab, setTab] = useState<EntryKind | "rules">(initialKind);
  const kind = tab === "rules" ? "expense" : tab;
  const [form, setForm] = useState<{ kind: EntryKind; category: Category | null } | null>(null);
  const [merging, setMerging] = useState<Category | null>(null);

  return (
    <>
      <Sheet open={open} onOpenChange={onOpenChange}>
        <SheetContent
          className="w-full gap-0 overflow-y-auto sm:max-w-md"
          closeLabel={t("close")}
          data-testid="category-manager"
        >
          <SheetHeader className="border-b p-4 pr-12">
            <SheetTitle>{t("categories.title")}</SheetTitle>
            <SheetDescription>{t("categories.description")}</SheetDescription>
          </SheetHeader>
          <Tabs
            value={tab}
            onValueChange={(value) => setTab(value as EntryKind | "rules")}
            className="gap-4 p-4"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <TabsList className="w-fit">
                {[...entryKinds].reverse().map((option) => (
                  <TabsTrigger key={option} value={option}>
                    {t(`categories.kinds.${option}`)}
                  </TabsTrigger>
                ))}
                <TabsTrigger value="rules" data-testid="category-rules-tab">
                  {t("categories.rules.tab")}
                </TabsTrigger>
              </TabsList>
              {tab !== "rules" ? (
                <Button size="sm" onClick={() => setForm({ kind, category: null })}>
                  <PlusIcon aria-hidden="true" />
                  {t("categories.add")}
                </Button>
              ) : null}
            </div>
            {entryKinds.map((option) => (
              <TabsContent key={option} value={option}>
                <CategoryList
                  kind={option}
                  onEdit={(category) => setForm({ kind: option, category })}
                  onMerge={setMerging}
                />
              </TabsContent>
            ))}
            <TabsContent value="rules">
              <CategoryRules />
            </TabsContent>
          </Tabs>
        </SheetContent>
      </Sheet>
      {form ? (
        <CategoryFormDialog
          key={form.category?.id ?? `new-${form.kind}`}
          kind={form.kind}
          category={form.category}
          onClose={() => setForm(null)}
        />
      ) : null}
      {merging ? (
        <CategoryMergeDialog key={merging.id} category={merging} onClose={() => setMerging(null)} />
      ) : null}
    </>
  );
}

function CategoryList({
  kind,
  onEdit,
  onMerge,
}: {
  kind: EntryKind;
  onEdit: (category: Category) => void;
  onMerge: (category: Category) => void;
}) {
  const { t } = useTranslation("money");
  const categories = useCategories();
  const update = useUpdateCategory();

  if (categories.isPending) {
    return (
      <div className="grid gap-2" aria-hidden="true">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-11 w-full" />
        ))}
      </div>
    );
  }
  if (categories.isError) {
    return (
      <p className="text-sm text-destructive" role="alert">
        {t("loadFailed")}
      </p>
    );
  }
  const list = (categories.data ?? [])
    .filter((category) => category.kind === kind)
    .sort((a, b) => Number(a.archived) - Number(b.archived) || a.name.localeCompare(b.name));
  if (list.length === 0) {
    return (
      <p className="rounded-lg border border-dashed bg-muted/40 px-4 py-6 text-center text-sm text-muted-foreground">
        {t(`categories.empty.${kind}`)}
      </p>
    );
  }

  const setArchived = (category: Category, archived: boolean) =>
    update.mutate(
      { id: category.id, archived },
      {
        onSuccess: () =>
          toast.success(
            t(archived ? "categories.archived" : "categories.unarchived", { name: category.name }),
            {
              action: {
                label: t("undo"),
                onClick: () => update.mutate({ id: category.id, archived: !archived }),
              },
            },
          ),
        onError: (error) =>
          toast.error(t("categories.saveFailed"), { description: errorText(t, error) }),
      },
    );

  return (
    <ul className="grid divide-y rounded-lg border" aria-label={t(`categories.kinds.${kind}`)}>
      {list.map((category) => (
        <li
          key={category.id}
          className={cn("flex items-center gap-3 px-3 py-2", category.archived && "bg-muted/40")}
          data-testid="category-row"
          data-archived={category.archived}
        >
          <CategoryIconTile
            icon={category.icon}
            color={category.color}
            className={cn(category.archived && "opacity-60")}
          />
          <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
            <span
              className={cn(
                "truncate text-sm font-medium",
                category.archived && "text-muted-foreground",
              )}
            >
              {category.name}
            </span>
            {category.healthCare ? (
              <Badge
                variant="secondary"
                className="text-[0.7rem]"
                title={t("categories.healthCare")}
                data-testid="category-health-badge"
              >
                <HeartPulseIcon aria-hidden="true" />
                {t("categories.healthBadge")}
              </Badge>
            ) : null}
            {category.taxRelevant ? (
              <Badge variant="secondary" className="text-[0.7rem]">
                {t("categories.taxBadge")}
              </Badge>
            ) : null}
            {category.archived ? (
              <Badge variant="outline" className="text-[0.7rem]">
                {t("categories.archivedBadge")}
              </Badge>
            ) : null}
          </div>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={t("categories.actionsFor", { name: category.name })}
              >
                <EllipsisIcon aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              <DropdownMenuItem onSelect={() => onEdit(category)}>
                <PencilIcon aria-hidden="true" />
                {t("categories.edit")}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => setArchived(category, !category.archived)}>
                {category.archived ? (
                  <ArchiveRestoreIcon aria-hidden="true" />
                ) : (
                  <ArchiveIcon aria-hidden="true" />
                )}
                {category.archived ? t("categories.unarchive") : t("categories.archive")}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => onMerge(category)}>
                <MergeIcon aria-hidden="true" />
                {t("categories.merge")}
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </li>
      ))}
    </ul>
  );
}
