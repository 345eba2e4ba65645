import { LoaderCircleIcon, UploadIcon } from "lucide-react";
import { useId, useMemo } from "react";
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
import {
  CsvBadRows,
  CsvColumnSelect,
  CsvFileField,
  CsvFormatFields,
  CsvHeaderToggle,
  CsvPreviewCounts,
  useCsvFile,
} from "#client/components/forms/csv-setup.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { NativeSelect } from "#client/components/ui/select.tsx";
import { errorText, useMoneyFormat } from "#client/features/income-spending/money-format.ts";
import { cn } from "#client/lib/cn.ts";
import type { BadRow } from "#shared/csv-import.ts";
import type { PortfolioSummary } from "#shared/schemas/investments.schema.ts";
import {
  guessTradeImportSetup,
  mapTradeRows,
  matchHolding,
  tradeKindSources,
  type TradeImportRow,
  type TradeImportSetup,
  type TradeKindSource,
} from "#shared/trade-import.ts";
import { validationMessage } from "#shared/validation.ts";
import { useImportTrades } from "./investments.queries.ts";

type Column = keyof TradeImportSetup["columns"];

const requiredFields = ["date", "holding", "quantity", "price"] as const satisfies Column[];
const optionalFields = ["kind", "fees", "amount", "fxRate"] as const satisfies Column[];
const previewRows = 8;

/** A row of the preview: ready to import (with the holding it names), or bad with reasons. */
type PreviewRow =
  { line: number; good: TradeImportRow & { holdingName: string } } | { line: number; bad: BadRow };

/**
 * Import trades from CSV into one portfolio, as the transactions import does: choose a broker's
 * file, map its columns, choose the date and number formats, see the first rows and every bad
 * one with its reasons (the shared code the server runs again, which also matches each row's
 * holding by ISIN, symbol or name and checks no sell is larger than what is held), and import
 * the good ones all at once. The same file twice adds nothing twice.
 */
export function TradeImportDialog({
  open,
  onOpenChange,
  portfolio,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  portfolio: PortfolioSummary;
}) {
  const { t } = useTranslation("investments");
  const { t: tHoldings } = useTranslation("holdings");
  const format = useMoneyFormat();
  const { language } = format;
  const uid = useId();
  const run = useImportTrades();
  const file = useCsvFile((records) => guessTradeImportSetup(records, language));
  const { loaded, setup, width, columnLabel, change, changeColumn } = file;

  const reset = () => {
    file.reset();
    run.reset();
  };
  const close = () => {
    onOpenChange(false);
    reset();
  };

  // The rows as the server will see them, the holdings matched here too so a row of a holding
  // the portfolio lacks shows as bad before importing. Only the replay against the trades
  // already there (a sell of more than is held) is left to the server.
  const rows = useMemo(() => {
    if (!loaded || !setup) return null;
    const { good, bad } = mapTradeRows(loaded.records, setup);
    const all: PreviewRow[] = bad.map((row) => ({ line: row.line, bad: row }));
    let ready = 0;
    for (const row of good) {
      const holding = matchHolding(row.holding, portfolio.holdings);
      if (holding) {
        ready++;
        all.push({ line: row.line, good: { ...row, holdingName: holding.name } });
      } else {
        all.push({ line: row.line, bad: { line: row.line, errors: ["holdingUnknown"] } });
      }
    }
    all.sort((a, b) => a.line - b.line);
    const badRows = all.flatMap((row) => ("bad" in row ? [row.bad] : []));
    return { all, ready, bad: badRows };
  }, [loaded, setup, portfolio.holdings]);
  const kindColumnMissing =
    setup?.kindFrom === "column" &&
    (setup.columns.kind === null || setup.columns.kind === undefined);
  const ready = rows?.ready ?? 0;
  const bad = rows?.bad ?? [];

  const submit = () => {
    if (!loaded || !setup || ready === 0 || kindColumnMissing) return;
    run.mutate(
      { portfolioId: portfolio.id, text: loaded.text, setup },
      {
        onSuccess: (result) => {
          toast.success(t("import.done", { name: portfolio.name }), {
            description: [
              t("import.resultImported", { count: result.imported }),
              t("import.resultDuplicates", { count: result.duplicates }),
              t("import.resultInvalid", { count: result.invalid.length }),
            ].join(" · "),
          });
          close();
        },
      },
    );
  };

  const units = (value: number) =>
    new Intl.NumberFormat(language === "nl" ? "nl-NL" : "en-GB", {
      maximumFractionDigits: 6,
    }).format(value);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) reset();
      }}
    >
      <DialogContent
        closeLabel={t("close")}
        className="max-w-3xl"
        data-testid="trade-import-dialog"
      >
        <DialogHeader>
          <DialogTitle>{t("import.title", { name: portfolio.name })}</DialogTitle>
          <DialogDescription>{t("import.description")}</DialogDescription>
        </DialogHeader>

        {portfolio.holdings.length === 0 ? (
          <p className="rounded-lg border border-dashed bg-muted/40 p-3 text-sm text-muted-foreground">
            {t("import.noHoldings")}
          </p>
        ) : null}

        <CsvFileField
          id={`${uid}-file`}
          loaded={loaded}
          readFailed={file.readFailed}
          hasHeader={setup?.hasHeader ?? false}
          onFile={(chosen) => {
            run.reset();
            void file.onFile(chosen);
          }}
          testId="trade-import-file"
        />

        {loaded && setup && rows ? (
          <>
            <fieldset className="grid min-w-0 gap-3">
              <legend className="mb-2 text-sm font-medium">{t("import.mapping")}</legend>
              <CsvHeaderToggle
                checked={setup.hasHeader}
                onChange={(hasHeader) => change({ hasHeader })}
              />
              <div className="grid gap-3 sm:grid-cols-3">
                {[...requiredFields, ...optionalFields].map((field) => (
                  <CsvColumnSelect
                    key={field}
                    id={`${uid}-col-${field}`}
                    label={t(`import.fields.${field}`)}
                    value={setup.columns[field]}
                    width={width}
                    columnLabel={columnLabel}
                    optional={(optionalFields as readonly Column[]).includes(field)}
                    onChange={(value) => changeColumn(field, value)}
                  />
                ))}
              </div>
              <div className="grid gap-3 sm:grid-cols-3">
                <CsvFormatFields
                  uid={uid}
                  dateFormat={setup.dateFormat}
                  decimal={setup.decimal}
                  onChange={change}
                />
                <div className="grid gap-1.5">
                  <Label htmlFor={`${uid}-kind-from`}>{t("import.kindFrom")}</Label>
                  <NativeSelect
                    id={`${uid}-kind-from`}
                    value={setup.kindFrom}
                    onChange={(event) =>
                      change({ kindFrom: event.target.value as TradeKindSource })
                    }
                  >
                    {tradeKindSources.map((source) => (
                      <option key={source} value={source}>
                        {t(`import.kindFroms.${source}`)}
                      </option>
                    ))}
                  </NativeSelect>
                  {kindColumnMissing ? (
                    <p className="text-sm text-destructive">{t("import.kindColumnMissing")}</p>
                  ) : null}
                </div>
              </div>
            </fieldset>

            <section className="grid gap-3" aria-labelledby={`${uid}-preview`}>
              <h3 id={`${uid}-preview`} className="text-sm font-medium">
                {t("import.preview")}
              </h3>
              <CsvPreviewCounts
                ready={t("import.good", { count: ready })}
                bad={bad.length}
                testIds={{ good: "trade-import-good", bad: "trade-import-bad" }}
              />
              {rows.all.length > 0 ? (
                <div className="overflow-x-auto rounded-lg border">
                  <table className="w-full text-sm">
                    <caption className="sr-only">
                      {t("import.previewCaption", {
                        count: Math.min(previewRows, rows.all.length),
                      })}
                    </caption>
                    <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
                      <tr>
                        <th className="px-3 py-2 font-medium">{t("import.columns.line")}</th>
                        <th className="px-3 py-2 font-medium">{t("import.columns.date")}</th>
                        <th className="px-3 py-2 font-medium">{t("import.columns.kind")}</th>
                        <th className="px-3 py-2 font-medium">{t("import.columns.holding")}</th>
                        <th className="px-3 py-2 text-right font-medium">
                          {t("import.columns.quantity")}
                        </th>
                        <th className="px-3 py-2 text-right font-medium">
                          {t("import.columns.price")}
                        </th>
                        <th className="px-3 py-2 text-right font-medium">
                          {t("import.columns.amount")}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {rows.all.slice(0, previewRows).map((row) =>
                        "good" in row ? (
                          <tr
                            key={row.line}
                            className="border-t"
                            data-testid="trade-import-preview-row"
                            data-status="good"
                          >
                            <td className="px-3 py-2 text-muted-foreground tabular-nums">
                              {row.line}
                            </td>
                            <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                              {format.day(row.good.occurredOn, true)}
                            </td>
                            <td className="px-3 py-2">
                              {tHoldings(`tradeKinds.${row.good.kind}`)}
                            </td>
                            <td className="max-w-48 truncate px-3 py-2" title={row.good.holding}>
                              {row.good.holdingName}
                            </td>
                            <td className="px-3 py-2 text-right tabular-nums">
                              {row.good.quantity === null ? "" : units(row.good.quantity)}
                            </td>
                            <td className="px-3 py-2 text-right tabular-nums">
                              {row.good.price === null ? "" : units(row.good.price)}
                            </td>
                            <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                              {format.money(row.good.amountCents)}
                              {row.good.feesCents > 0 ? (
                                <span className="block text-xs text-muted-foreground">
                                  {t("import.fees", { fees: format.money(row.good.feesCents) })}
                                </span>
                              ) : null}
                            </td>
                          </tr>
                        ) : (
                          <tr
                            key={row.line}
                            className={cn(
                              "border-t bg-amber-50 text-amber-950",
                              "dark:bg-amber-400/10 dark:text-amber-50",
                            )}
                            data-testid="trade-import-preview-row"
                            data-status="bad"
                          >
                            <td className="px-3 py-2 tabular-nums">{row.line}</td>
                            <td className="px-3 py-2" colSpan={6}>
                              {row.bad.errors
                                .map((key) => validationMessage(key, language))
                                .join("; ")}
                            </td>
                          </tr>
                        ),
                      )}
                    </tbody>
                  </table>
                </div>
              ) : null}
              <CsvBadRows rows={bad} testId="trade-import-bad-rows" />
              <p className="text-xs text-muted-foreground">{t("import.serverChecks")}</p>
            </section>
          </>
        ) : null}
        {run.error ? (
          <p className="text-sm text-destructive" role="alert">
            {t("import.failed")} {errorText(t, run.error)}
          </p>
        ) : null}

        <DialogFooter>
          <Button type="button" variant="outline" onClick={close}>
            {t("cancel")}
          </Button>
          <Button
            type="button"
            disabled={ready === 0 || run.isPending || kindColumnMissing}
            aria-busy={run.isPending}
            onClick={submit}
            data-testid="trade-import-submit"
          >
            {run.isPending ? (
              <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
            ) : (
              <UploadIcon aria-hidden="true" />
            )}
            {run.isPending ? t("import.importing") : t("import.submit", { count: ready })}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
