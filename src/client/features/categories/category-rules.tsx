import { ArrowDownIcon, ArrowUpIcon, PlusIcon, Trash2Icon, WandSparklesIcon } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "#client/components/ui/button.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { NativeSelect } from "#client/components/ui/select.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { errorText } from "#client/features/income-spending/money-format.ts";
import { categoryRuleFields, type CategoryRuleField } from "#shared/category-rules.ts";
import { entryKinds } from "#shared/schemas/categories.schema.ts";
import { ruleTextMaxLength } from "#shared/schemas/category-rules.schema.ts";
import { activeCategories, categoryMap, useCategories } from "./categories.queries.ts";
import { CategoryIconTile } from "./category-badge.tsx";
import {
  useApplyCategoryRules,
  useCategoryRules,
  useCreateCategoryRule,
  useDeleteCategoryRule,
  useUpdateCategoryRule,
} from "./category-rules.queries.ts";

/**
 * The household's category rules (decision 037): "counterparty or description contains X →
 * category Y", first match wins. Added here or from an import's preview; moved up and down,
 * removed; and applied on demand to existing entries without a category of their own.
 */
export function CategoryRules() {
  const { t } = useTranslation("money");
  const uid = useId();
  const rules = useCategoryRules();
  const categories = useCategories();
  const create = useCreateCategoryRule();
  const update = useUpdateCategoryRule();
  const remove = useDeleteCategoryRule();
  const apply = useApplyCategoryRules();
  const [pattern, setPattern] = useState("");
  const [field, setField] = useState<CategoryRuleField>("any");
  const [categoryId, setCategoryId] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  // What the last action did, said beside it (the sheet is where the eyes are).
  const [notice, setNotice] = useState<{ text: string; failed: boolean } | null>(null);
  const [applied, setApplied] = useState<{ text: string; failed: boolean } | null>(null);
  const byId = categoryMap(categories.data);
  const choices = activeCategories(categories.data);
  const chosen = categoryId || choices.find((category) => category.kind === "expense")?.id || "";

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (pattern.trim() === "") {
      setProblem(t("categories.rules.patternRequired"));
      return;
    }
    setProblem(null);
    create.mutate(
      { pattern, field, categoryId: chosen },
      {
        onSuccess: () => {
          setPattern("");
          setNotice({ text: t("categories.rules.added"), failed: false });
        },
        onError: (error) => setProblem(errorText(t, error)),
      },
    );
  };

  const list = rules.data ?? [];
  return (
    <div className="grid gap-5" data-testid="category-rules">
      <p className="text-sm text-muted-foreground">{t("categories.rules.description")}</p>
      {rules.isPending ? (
        <div className="grid gap-2" aria-hidden="true">
          {[0, 1].map((index) => (
            <Skeleton key={index} className="h-11 w-full" />
          ))}
        </div>
      ) : rules.isError ? (
        <p className="text-sm text-destructive" role="alert">
          {t("loadFailed")}
        </p>
      ) : list.length === 0 ? (
        <p className="rounded-lg border border-dashed bg-muted/40 px-4 py-6 text-center text-sm text-muted-foreground">
          {t("categories.rules.empty")}
        </p>
      ) : (
        <ol className="grid divide-y rounded-lg border" aria-label={t("categories.rules.title")}>
          {list.map((rule, index) => {
            const category = byId.get(rule.categoryId);
            return (
              <li
                key={rule.id}
                className="flex items-center gap-2 px-3 py-2"
                data-testid="category-rule"
              >
                <div className="grid min-w-0 flex-1 gap-1 text-sm">
                  <span className="break-words">
                    {t(`categories.rules.fields.${rule.field}`)}{" "}
                    <span className="font-medium">“{rule.pattern}”</span>
                  </span>
                  <span className="flex min-w-0 items-center gap-2 text-muted-foreground">
                    <span aria-hidden="true">→</span>
                    {category ? (
                      <CategoryIconTile
                        icon={category.icon}
                        color={category.color}
                        className="size-6"
                      />
                    ) : null}
                    <span className="truncate">{category?.name ?? t("unknownCategory")}</span>
                  </span>
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  disabled={index === 0 || update.isPending}
                  aria-label={t("categories.rules.moveUp", { pattern: rule.pattern })}
                  onClick={() => update.mutate({ id: rule.id, position: index - 1 })}
                >
                  <ArrowUpIcon aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  disabled={index === list.length - 1 || update.isPending}
                  aria-label={t("categories.rules.moveDown", { pattern: rule.pattern })}
                  onClick={() => update.mutate({ id: rule.id, position: index + 1 })}
                >
                  <ArrowDownIcon aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  disabled={remove.isPending}
                  aria-label={t("categories.rules.remove", { pattern: rule.pattern })}
                  onClick={() =>
                    remove.mutate(rule.id, {
                      onSuccess: () =>
                        setNotice({
                          text: t("categories.rules.removed", { pattern: rule.pattern }),
                          failed: false,
                        }),
                      onError: (error) =>
                        setNotice({
                          text: `${t("categories.rules.saveFailed")} ${errorText(t, error)}`,
                          failed: true,
                        }),
                    })
                  }
                >
                  <Trash2Icon aria-hidden="true" />
                </Button>
              </li>
            );
          })}
        </ol>
      )}

      <form className="grid gap-3 rounded-lg border p-3" onSubmit={add} noValidate>
        <h3 className="text-sm font-medium">{t("categories.rules.addTitle")}</h3>
        <div className="grid gap-1.5">
          <Label htmlFor={`${uid}-field`}>{t("categories.rules.where")}</Label>
          <NativeSelect
            id={`${uid}-field`}
            value={field}
            onChange={(event) => setField(event.target.value as CategoryRuleField)}
          >
            {categoryRuleFields.map((option) => (
              <option key={option} value={option}>
                {t(`categories.rules.fields.${option}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${uid}-pattern`}>{t("categories.rules.pattern")}</Label>
          <Input
            id={`${uid}-pattern`}
            value={pattern}
            maxLength={ruleTextMaxLength}
            placeholder={t("categories.rules.patternExample")}
            aria-invalid={problem !== null}
            aria-describedby={problem ? `${uid}-problem` : undefined}
            onChange={(event) => setPattern(event.target.value)}
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${uid}-category`}>{t("categories.rules.category")}</Label>
          <NativeSelect
            id={`${uid}-category`}
            value={chosen}
            onChange={(event) => setCategoryId(event.target.value)}
          >
            {[...entryKinds].reverse().map((kind) => (
              <optgroup key={kind} label={t(`categories.kinds.${kind}`)}>
                {choices
                  .filter((category) => category.kind === kind)
                  .map((category) => (
                    <option key={category.id} value={category.id}>
                      {category.name}
                    </option>
                  ))}
              </optgroup>
            ))}
          </NativeSelect>
        </div>
        {problem ? (
          <p id={`${uid}-problem`} className="text-sm text-destructive" role="alert">
            {problem}
          </p>
        ) : null}
        <Button type="submit" size="sm" className="w-fit" disabled={create.isPending || !chosen}>
          <PlusIcon aria-hidden="true" />
          {t("categories.rules.add")}
        </Button>
        <Notice notice={notice} testId="category-rules-notice" />
      </form>

      <section className="grid gap-2 rounded-lg border bg-muted/30 p-3">
        <p className="text-sm text-muted-foreground">{t("categories.rules.applyHint")}</p>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="w-fit"
          disabled={apply.isPending || list.length === 0}
          aria-busy={apply.isPending}
          onClick={() =>
            apply.mutate(undefined, {
              onSuccess: ({ changed }) =>
                setApplied({
                  text: t("categories.rules.applied", { count: changed }),
                  failed: false,
                }),
              onError: (error) =>
                setApplied({
                  text: `${t("categories.rules.applyFailed")} ${errorText(t, error)}`,
                  failed: true,
                }),
            })
          }
        >
          <WandSparklesIcon aria-hidden="true" />
          {t("categories.rules.apply")}
        </Button>
        <Notice notice={applied} testId="category-rules-applied" />
      </section>
    </div>
  );
}

/** A sentence that says what an action did (read out when it changes), or why it failed. */
function Notice({
  notice,
  testId,
}: {
  notice: { text: string; failed: boolean } | null;
  testId: string;
}) {
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid={testId}
      className={notice?.failed ? "text-sm text-destructive" : "text-sm text-muted-foreground"}
    >
      {notice?.text ?? ""}
    </p>
  );
}
