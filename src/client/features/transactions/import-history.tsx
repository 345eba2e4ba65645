import { useQuery, useQueryClient } from "@tanstack/react-query";
import { HistoryIcon, RotateCcwIcon, Undo2Icon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "#client/lib/toast.ts";
import { EmptyState } from "#client/components/empty-state.tsx";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import type { Account } from "#client/features/account/account.queries.ts";
import { useMembers } from "#client/features/households/households.queries.ts";
import { ApiError } from "#client/lib/api.ts";
import { useLanguage } from "#client/lib/use-language.ts";
import { bankName } from "#shared/bank-presets.ts";
import type { Language } from "#shared/i18n.ts";
import { isValidationKey, validationMessage } from "#shared/validation.ts";
import {
  importQueries,
  redoImport,
  useRedoImport,
  useUndoImport,
  type ImportSummary,
} from "./imports.queries.ts";

const whenFormats = new Map<Language, Intl.DateTimeFormat>();
function formatWhen(iso: string, language: Language): string {
  let format = whenFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language === "nl" ? "nl-NL" : "en-IE", {
      dateStyle: "medium",
      timeStyle: "short",
    });
    whenFormats.set(language, format);
  }
  return format.format(new Date(iso));
}

/**
 * The household's imports, newest first (decision 031): each file with its bank, when and by
 * whom, what went in, what was there already and what was skipped and why. An import is undone
 * after asking (its entries removed, the figures with them); then `onUndone` runs (the dialog
 * closes, so the list shows the figures and the toast's "Undo", which brings the entries back,
 * can be pressed). An undone import can also be brought back here.
 */
export function ImportHistory({
  account,
  onImportFile,
  onUndone,
}: {
  account: Account;
  onImportFile: () => void;
  onUndone: () => void;
}) {
  const { t } = useTranslation("entries");
  const language = useLanguage();
  const history = useQuery(importQueries.history());
  const members = useMembers(account);
  const names = new Map((members.data ?? []).map((member) => [member.id, member.name]));
  const undo = useUndoImport();
  const redo = useRedoImport();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<ImportSummary | null>(null);

  const failed = (error: unknown) =>
    toast.error(t("import.history.failed"), {
      description: error instanceof ApiError ? error.message : undefined,
    });
  const bringBack = (item: ImportSummary) =>
    redo.mutate(item.id, {
      onSuccess: (result) =>
        toast.success(t("import.history.restored", { count: result.restored })),
      onError: failed,
    });
  const confirmUndo = () => {
    const item = asking;
    if (!item) return;
    undo.mutate(item.id, {
      onSuccess: (result) => {
        setAsking(null);
        toast.success(t("import.history.undone", { count: result.removed }), {
          action: {
            label: t("actions.undo"),
            // The history may be gone by then: the call does not depend on it.
            onClick: () =>
              void redoImport(queryClient, item.id).then(
                (back) => toast.success(t("import.history.restored", { count: back.restored })),
                failed,
              ),
          },
        });
        onUndone();
      },
      onError: failed,
    });
  };

  if (history.isPending) {
    return (
      <div className="grid gap-3" aria-busy="true">
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
      </div>
    );
  }
  if (history.isError) {
    return (
      <p className="text-sm text-destructive" role="alert">
        {t("import.history.loadFailed")}
      </p>
    );
  }
  if (history.data.length === 0) {
    return (
      <EmptyState
        icon={HistoryIcon}
        title={t("import.history.emptyTitle")}
        body={t("import.history.emptyBody")}
        testId="import-history-empty"
        action={
          <Button type="button" variant="outline" size="sm" onClick={onImportFile}>
            {t("import.tabs.file")}
          </Button>
        }
      />
    );
  }

  return (
    <>
      <ul className="grid gap-3" data-testid="import-history">
        {history.data.map((item) => {
          const who = item.createdByMemberId ? names.get(item.createdByMemberId) : undefined;
          const reasons = Object.entries(item.reasons);
          return (
            <li
              key={item.id}
              className="grid gap-2 rounded-lg border p-3 sm:p-4"
              data-testid="import-history-item"
            >
              <div className="flex items-start justify-between gap-3">
                <div className="grid min-w-0 gap-0.5">
                  <p className="truncate font-medium" data-testid="import-history-file">
                    {item.fileName ?? t("import.history.noName")}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {[
                      item.bank ? bankName(item.bank) : null,
                      formatWhen(item.createdAt, language),
                      who,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                </div>
                {item.undoneAt ? (
                  <Badge variant="muted" data-testid="import-history-undone">
                    {t("import.history.undoneBadge")}
                  </Badge>
                ) : null}
              </div>
              <p className="text-sm" data-testid="import-history-counts">
                {[
                  t("import.history.imported", { count: item.imported }),
                  t("import.history.duplicates", { count: item.duplicates }),
                  t("import.history.skipped", { count: item.invalidCount }),
                ].join(" · ")}
              </p>
              {item.invalidCount > 0 ? (
                <details className="text-sm">
                  <summary className="cursor-pointer text-muted-foreground">
                    {t("import.history.why", { count: item.invalidCount })}
                  </summary>
                  <ul className="mt-2 grid max-h-40 gap-1 overflow-y-auto rounded-lg border border-amber-300/60 bg-amber-50 p-3 text-amber-950 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-50">
                    {reasons.map(([key, count]) => (
                      <li key={key}>
                        {isValidationKey(key) ? validationMessage(key, language) : key}
                        {": "}
                        {t("import.history.lines", {
                          count,
                          lines: item.invalid
                            .filter((bad) => bad.errors.includes(key))
                            .slice(0, 10)
                            .map((bad) => bad.line)
                            .join(", "),
                        })}
                      </li>
                    ))}
                  </ul>
                </details>
              ) : null}
              {item.undoneAt ? (
                <div>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    disabled={redo.isPending}
                    onClick={() => bringBack(item)}
                  >
                    <RotateCcwIcon aria-hidden="true" />
                    {t("import.history.bringBack")}
                  </Button>
                </div>
              ) : item.imported > 0 ? (
                <div>
                  <Button type="button" variant="outline" size="sm" onClick={() => setAsking(item)}>
                    <Undo2Icon aria-hidden="true" />
                    {t("import.history.undo")}
                  </Button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) setAsking(null);
        }}
        title={t("import.history.confirmTitle")}
        description={t("import.history.confirmBody", {
          count: asking?.imported ?? 0,
          file: asking?.fileName ?? t("import.history.noName"),
        })}
        confirmLabel={t("import.history.undo")}
        pending={undo.isPending}
        onConfirm={confirmUndo}
      />
    </>
  );
}
