import { RepeatIcon, UsersIcon } from "lucide-react";
import { memo } from "react";
import { useTranslation } from "react-i18next";
import { CategoryBadge } from "#client/features/categories/category-badge.tsx";
import { fromTo } from "#client/features/settle-up/settlement-dialog.tsx";
import { cn } from "#client/lib/cn.ts";
import type { Language } from "#shared/i18n.ts";
import { formatMoney, formatSignedMoney } from "#shared/money.ts";
import type { Category } from "#shared/schemas/categories.schema.ts";
import type { Transaction } from "#shared/schemas/transactions.schema.ts";

export type ListItem = Transaction & { memberShareCents: number | null };

const dateFormats = new Map<Language, Intl.DateTimeFormat>();

export function formatDate(iso: string, language: Language): string {
  let format = dateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language === "nl" ? "nl-NL" : "en-IE", {
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    });
    dateFormats.set(language, format);
  }
  return format.format(new Date(`${iso}T00:00:00Z`));
}

/** One entry of the list: a checkbox, and the rest a button that opens the entry. */
export const TransactionRow = memo(function TransactionRow({
  item,
  category,
  selected,
  language,
  memberNames,
  onToggle,
  onOpen,
}: {
  item: ListItem;
  category: Category | undefined;
  selected: boolean;
  language: Language;
  memberNames: Map<string, string>;
  onToggle: (id: string, selected: boolean) => void;
  onOpen: (item: ListItem) => void;
}) {
  const { t } = useTranslation("entries");
  const income = item.kind === "income";
  const date = formatDate(item.occurredOn, language);
  const amount = formatMoney(item.amountCents, language);
  const split = item.splitMode !== "personal";
  const settlement = item.kind === "settlement";
  const nameOf = (id: string | null) => memberNames.get(id ?? "") ?? "?";
  // A settlement says who paid whom: "Bram → Anna".
  const description = settlement
    ? fromTo(nameOf(item.paidByMemberId), nameOf(item.receivedByMemberId))
    : item.merchant || item.notes || (category?.name ?? "");
  const who = settlement
    ? item.notes || t("list.settlement")
    : split
      ? item.shares.map((share) => memberNames.get(share.memberId) ?? "?").join(", ")
      : (memberNames.get(item.shares[0]?.memberId ?? "") ?? "");
  return (
    <div
      className={cn(
        "flex h-full items-center gap-3 border-b px-3 transition-colors hover:bg-muted/50 sm:px-4",
        selected && "bg-primary/5",
      )}
      data-testid="transaction-row"
    >
      <input
        type="checkbox"
        className="size-4 shrink-0 accent-primary"
        checked={selected}
        onChange={(event) => onToggle(item.id, event.target.checked)}
        aria-label={t("list.selectRow", { date, amount })}
      />
      <button
        type="button"
        onClick={() => onOpen(item)}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-md py-2 text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <CategoryBadge
          category={category}
          size="md"
          className="hidden w-48 shrink-0 text-sm sm:inline-flex xl:w-56"
          fallback={settlement ? t("list.settlement") : t("list.noCategory")}
        />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium">{description}</span>
          {/* Under the description: the date and (on phones, where it has no column) the
              category, then who it is for. Two lines on a narrow screen (rowHeight in
              transactions-page.tsx), one from md; a "·" only between parts that are there. */}
          <span className="block min-w-0 text-xs text-muted-foreground md:flex md:items-center md:gap-1.5">
            <span className="flex min-w-0 items-center gap-1.5 md:shrink-0">
              <span className="shrink-0 tabular-nums">{date}</span>
              {category ? (
                <>
                  <span aria-hidden="true" className="shrink-0 sm:hidden">
                    ·
                  </span>
                  <span className="min-w-0 truncate sm:hidden">{category.name}</span>
                </>
              ) : null}
            </span>
            {who || split || item.recurringRuleId ? (
              <span className="flex min-w-0 items-center gap-1.5">
                {who ? (
                  <>
                    <span aria-hidden="true" className="hidden shrink-0 md:inline">
                      ·
                    </span>
                    <span className="min-w-0 truncate">{who}</span>
                  </>
                ) : null}
                {split ? (
                  <UsersIcon className="size-3 shrink-0" aria-label={t("list.split")} />
                ) : null}
                {item.recurringRuleId ? (
                  <RepeatIcon className="size-3 shrink-0" aria-label={t("list.recurring")} />
                ) : null}
              </span>
            ) : null}
          </span>
        </span>
        <span className="shrink-0 text-right">
          <span
            className={cn(
              "block text-sm font-semibold tabular-nums",
              income && "text-emerald-700 dark:text-emerald-400",
            )}
            data-testid="row-amount"
          >
            {income
              ? formatSignedMoney(item.amountCents, language)
              : item.kind === "expense"
                ? formatSignedMoney(-item.amountCents, language)
                : amount}
          </span>
          {item.memberShareCents !== null && split ? (
            <span className="block text-xs text-muted-foreground tabular-nums">
              {t("list.shareOf", { amount: formatMoney(item.memberShareCents, language) })}
            </span>
          ) : null}
        </span>
      </button>
    </div>
  );
});
