import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2Icon, LoaderCircleIcon, UploadIcon } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
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
import { Input } from "#client/components/ui/input.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#client/components/ui/tabs.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { NativeSelect } from "#client/components/ui/select.tsx";
import type { Account } from "#client/features/account/account.queries.ts";
import { useCategories } from "#client/features/categories/categories.queries.ts";
import { activePeople, useMembers } from "#client/features/households/households.queries.ts";
import { api, ApiError, unwrap } from "#client/lib/api.ts";
import { useLanguage } from "#client/lib/use-language.ts";
import {
  amountColumnProblem,
  kindSources,
  mapImportRows,
  mustConfirm,
  normaliseWord,
  parseDate,
  tableRows,
  type CategoryKinds,
  type ImportRow,
  type ImportSetup,
  type ImportUncertainty,
  type KindSource,
} from "#shared/csv-import.ts";
import { analyseBankFile } from "#shared/bank-presets.ts";
import { formatMoney } from "#shared/money.ts";
import { validationMessage } from "#shared/validation.ts";
import {
  ImportCategoryCell,
  ImportCategoryNotes,
  ImportRuleButton,
  useImportCategories,
} from "./import-categories.tsx";
import { ImportRecognised, useRememberedMapping } from "./import-bank.tsx";
import { ImportHistory } from "./import-history.tsx";
import {
  LikelyMatchList,
  linkTypedEntries,
  useLikelyMatches,
  type ImportLink,
} from "./import-matches.tsx";
import { importQueries } from "./imports.queries.ts";
import { formatDate } from "./transaction-row.tsx";
import { invalidateMoney } from "./transactions.queries.ts";

type ImportResult = Awaited<ReturnType<typeof postImport>>;

async function postImport(input: {
  text: string;
  setup: ImportSetup;
  memberId: string;
  fileName: string;
  bank?: string | null;
  reimportDeleted?: boolean;
  /** Rows linked to entries typed by hand (likely matches): linked first, then not imported. */
  links?: ImportLink[];
}) {
  const { links = [], ...request } = input;
  const linked = await linkTypedEntries({ text: input.text, setup: input.setup, links });
  return { ...(await unwrap(api.imports.$post({ json: request }))), linked };
}

const requiredFields = ["date", "amount"] as const;
// The reference and its statement number side by side: on three columns they share a row
// whether or not the credit column is shown.
const optionalFields = [
  "credit",
  "kind",
  "category",
  "merchant",
  "payer",
  "reference",
  "referenceGroup",
  "notes",
  "currency",
] as const;
const previewRows = 5;
const noRows: readonly ImportRow[] = [];
/**
 * Reads the chosen file: CSV, or a bank's statement file (decision 036). Loaded when a file is
 * chosen, so the statement readers (and their XML parser) stay out of the transactions page.
 */
const readImportFile = async (text: string) =>
  (await import("#shared/statement-files/detect.ts")).readImportFile(text);
/** What the file picker offers: CSV and banks' statement files (OFX/QFX, CAMT.053, MT940). */
const importFileTypes =
  ".csv,.txt,.tab,.ofx,.qfx,.xml,.sta,.940,.mt940,text/csv,text/plain,application/xml,text/xml";

/**
 * Import from CSV: choose a file, map its columns, choose the date and number formats, see the
 * good rows and the bad ones with their reasons (the shared code the server runs again), and
 * import the good ones all at once. The same file twice adds nothing twice. What the guess is
 * not sure of is said above the columns: an uncertain amount column or indicator words must be
 * confirmed before importing; a day/month order the file cannot tell is shown with an example.
 * Its second tab is the household's import history, where an import is undone (decision 031).
 */
export function ImportDialog({
  open,
  onOpenChange,
  account,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  account: Account;
}) {
  const { t } = useTranslation("entries");
  const language = useLanguage();
  const uid = useId();
  const queryClient = useQueryClient();
  const members = useMembers(account);
  const people = members.data ? activePeople(members.data) : [];
  const categories = useCategories();
  const [uncertain, setUncertain] = useState<ImportUncertainty[]>([]);
  const [confirmed, setConfirmed] = useState(false);
  // The bank the file was recognised as (a preset's key), and whether the family's last mapping
  // for files of its shape is used (decision 035).
  const [bank, setBank] = useState<string | null>(null);
  const [remembered, setRemembered] = useState(false);
  const file = useCsvFile((records) => {
    const guess = analyseBankFile(records, language);
    setBank(guess.bank?.key ?? null);
    setRemembered(false);
    setUncertain(guess.uncertain);
    setConfirmed(false);
    return guess.setup;
  }, readImportFile);
  const { loaded, setup, width, columnLabel, change, changeColumn } = file;
  useRememberedMapping(loaded, width, (mapping) => {
    change(mapping.setup);
    setUncertain([]);
    setRemembered(true);
    if (mapping.bank) setBank(mapping.bank);
  });
  const [memberId, setMemberId] = useState(account.member.id);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [tab, setTab] = useState<"file" | "history">("file");
  const run = useMutation({
    mutationFn: postImport,
    meta: { handlesErrors: true },
    onSuccess: setResult,
    onSettled: () =>
      Promise.all([
        invalidateMoney(queryClient),
        queryClient.invalidateQueries({ queryKey: ["categories"] }),
        queryClient.invalidateQueries({ queryKey: importQueries.all }),
      ]),
  });

  const reset = () => {
    setTab("file");
    file.reset();
    setResult(null);
    run.reset();
  };

  // The household's categories decide the kind of a category the file names (as on the server).
  const categoryKinds = useMemo<CategoryKinds>(() => {
    const kinds = new Map<string, Set<"income" | "expense">>();
    for (const category of categories.data ?? []) {
      const name = category.name.trim().toLowerCase();
      kinds.set(name, new Set([...(kinds.get(name) ?? []), category.kind]));
    }
    return kinds;
  }, [categories.data]);
  const mapped = useMemo(
    () => (loaded && setup ? mapImportRows(loaded.records, setup, { categoryKinds }) : null),
    [loaded, setup, categoryKinds],
  );
  const missing = (index: number | null | undefined) => index === null || index === undefined;
  const kindColumnMissing =
    (setup?.kindFrom === "column" && missing(setup.columns.kind)) ||
    (setup?.kindFrom === "split" && missing(setup.columns.credit));
  const amountProblem = loaded && setup ? amountColumnProblem(loaded.records, setup) : null;
  const needsConfirm = uncertain.some((doubt) => mustConfirm.includes(doubt)) && !confirmed;
  // The kind column's values, for choosing the one that means money out.
  const kindValues = useMemo(() => {
    const kind = setup?.columns.kind;
    if (!loaded || !setup || kind === null || kind === undefined) return [];
    const values = new Map<string, string>();
    for (const row of tableRows(loaded.records, setup).slice(0, 1000)) {
      const value = (row.cells[kind] ?? "").trim();
      if (value !== "" && !values.has(normaliseWord(value)) && values.size < 12)
        values.set(normaliseWord(value), value);
    }
    return [...values];
  }, [loaded, setup]);
  const firstDate = useMemo(() => {
    if (!loaded || !setup) return null;
    const text = tableRows(loaded.records, setup)
      .map((row) => (row.cells[setup.columns.date] ?? "").trim())
      .find((value) => parseDate(value, setup.dateFormat) !== null);
    const iso = text ? parseDate(text, setup.dateFormat) : null;
    return text && iso ? { text, date: formatDate(iso, language) } : null;
  }, [loaded, setup, language]);
  const good = mapped?.good.length ?? 0;
  // Where the shown rows go by a rule or past entries, and the file's new categories (037).
  const shown = useMemo(() => mapped?.good.slice(0, previewRows) ?? [], [mapped]);
  const importCategories = useImportCategories(
    mapped?.good ?? noRows,
    shown,
    setup?.defaultCategory,
  );
  const bad = mapped?.bad ?? [];

  const likely = useLikelyMatches(mapped?.good);
  const blocked = good === 0 || kindColumnMissing || needsConfirm || amountProblem !== null;
  const submit = (options: { reimportDeleted?: boolean } = {}) => {
    if (!loaded || !setup || blocked) return;
    run.mutate({
      text: loaded.text,
      setup,
      memberId,
      fileName: loaded.fileName,
      bank,
      links: likely.links,
      ...options,
    });
  };

  const errorText =
    run.error instanceof ApiError && run.error.fields
      ? Object.values(run.error.fields).join(" ")
      : run.error
        ? t("import.failed")
        : null;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) reset();
      }}
    >
      <DialogContent
        closeLabel={t("common:actions.close")}
        className="max-w-3xl"
        data-testid="import-dialog"
      >
        <DialogHeader>
          <DialogTitle>{t("import.title")}</DialogTitle>
          <DialogDescription>{t("import.description")}</DialogDescription>
        </DialogHeader>

        <Tabs
          value={tab}
          onValueChange={(value) => setTab(value === "history" ? "history" : "file")}
          className="min-w-0 gap-5"
        >
          <TabsList>
            <TabsTrigger value="file">{t("import.tabs.file")}</TabsTrigger>
            <TabsTrigger value="history" data-testid="import-history-tab">
              {t("import.tabs.history")}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="history" className="min-w-0">
            <ImportHistory
              account={account}
              onImportFile={() => setTab("file")}
              onUndone={() => {
                onOpenChange(false);
                reset();
              }}
            />
          </TabsContent>
          <TabsContent value="file" className="grid min-w-0 gap-5">
            {result ? (
              <section
                className="grid gap-3 rounded-lg border border-emerald-300/60 bg-emerald-50 p-4 text-emerald-950 dark:border-emerald-400/30 dark:bg-emerald-400/10 dark:text-emerald-50"
                aria-live="polite"
                data-testid="import-result"
              >
                <h3 className="flex items-center gap-2 font-medium">
                  <CheckCircle2Icon className="size-5" aria-hidden="true" />
                  {t("import.done")}
                </h3>
                <ul className="grid gap-1 text-sm">
                  <li>{t("import.resultImported", { count: result.imported })}</li>
                  <li>{t("import.resultDuplicates", { count: result.duplicates })}</li>
                  {result.linked > 0 ? (
                    <li data-testid="import-linked">
                      {t("import.resultLinked", { count: result.linked })}
                    </li>
                  ) : null}
                  {result.deletedBefore > 0 ? (
                    <li data-testid="import-deleted-before">
                      {t("import.resultDeletedBefore", { count: result.deletedBefore })}{" "}
                      <button
                        type="button"
                        className="font-medium underline underline-offset-2 hover:no-underline disabled:opacity-50"
                        disabled={run.isPending}
                        onClick={() => submit({ reimportDeleted: true })}
                      >
                        {t("import.reimportDeleted", { count: result.deletedBefore })}
                      </button>
                    </li>
                  ) : null}
                  <li>{t("import.resultInvalid", { count: result.invalid.length })}</li>
                  {result.createdCategories > 0 ? (
                    <li>{t("import.resultCategories", { count: result.createdCategories })}</li>
                  ) : null}
                </ul>
              </section>
            ) : (
              <>
                <CsvFileField
                  id={`${uid}-file`}
                  loaded={loaded}
                  readFailed={file.readFailed}
                  readProblem={file.readProblem}
                  accept={importFileTypes}
                  label={t("import.file")}
                  hasHeader={setup?.hasHeader ?? false}
                  skipTop={setup?.skipTop}
                  skipBottom={setup?.skipBottom}
                  onFile={(chosen) => {
                    setResult(null);
                    run.reset();
                    void file.onFile(chosen);
                  }}
                />

                {loaded && setup && mapped ? (
                  <>
                    <ImportRecognised bank={bank} remembered={remembered} />
                    {uncertain.length > 0 || (setup.skipTop ?? 0) + (setup.skipBottom ?? 0) > 0 ? (
                      <section
                        className="grid gap-2 rounded-lg border border-amber-300/60 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-50"
                        aria-live="polite"
                        data-testid="import-doubts"
                      >
                        <ul className="grid gap-1">
                          {(setup.skipTop ?? 0) + (setup.skipBottom ?? 0) > 0 ? (
                            <li data-testid="import-skipped">
                              {t("import.skippedLines", {
                                top: setup.skipTop ?? 0,
                                bottom: setup.skipBottom ?? 0,
                              })}
                            </li>
                          ) : null}
                          {uncertain.includes("amount") ? (
                            <li data-testid="import-doubt-amount">
                              {t("import.doubts.amount", {
                                column: columnLabel(setup.columns.amount),
                              })}
                            </li>
                          ) : null}
                          {uncertain.includes("kindValues") ? (
                            <li data-testid="import-doubt-kind-values">
                              {t("import.doubts.kindValues", {
                                column: columnLabel(setup.columns.kind ?? 0),
                              })}
                            </li>
                          ) : null}
                          {uncertain.includes("sign") ? (
                            <li data-testid="import-doubt-sign">{t("import.doubts.sign")}</li>
                          ) : null}
                          {uncertain.includes("dateOrder") && firstDate ? (
                            <li data-testid="import-doubt-date-order">
                              {t("import.doubts.dateOrder", {
                                format: setup.dateFormat,
                                example: firstDate.text,
                                date: firstDate.date,
                              })}
                            </li>
                          ) : null}
                          {uncertain.includes("kind") && setup.kindFrom === "default" ? (
                            <li data-testid="import-doubt-kind">
                              {t("import.doubts.kind", { kind: t(`kinds.${setup.defaultKind}`) })}
                            </li>
                          ) : null}
                        </ul>
                        {uncertain.some((doubt) => mustConfirm.includes(doubt)) ? (
                          <label className="flex items-center gap-2 font-medium">
                            <input
                              type="checkbox"
                              className="size-4 accent-primary"
                              checked={confirmed}
                              onChange={(event) => setConfirmed(event.target.checked)}
                            />
                            {t("import.confirmGuess")}
                          </label>
                        ) : null}
                      </section>
                    ) : null}
                    <fieldset className="grid min-w-0 gap-3">
                      <legend className="mb-2 text-sm font-medium">{t("import.mapping")}</legend>
                      <CsvHeaderToggle
                        checked={setup.hasHeader}
                        onChange={(hasHeader) => change({ hasHeader })}
                      />
                      <div className="grid gap-3 sm:grid-cols-3">
                        {(["skipTop", "skipBottom"] as const).map((field) => (
                          <div key={field} className="grid gap-1.5">
                            {/* On three columns the English labels wrap: spaced lines, balanced. */}
                            <Label
                              htmlFor={`${uid}-${field}`}
                              className="leading-snug text-balance"
                            >
                              {t(`import.${field}`)}
                            </Label>
                            <Input
                              id={`${uid}-${field}`}
                              type="number"
                              inputMode="numeric"
                              min={0}
                              max={Math.min(1000, loaded.records.length)}
                              value={setup[field] ?? 0}
                              onChange={(event) => {
                                const value = Math.trunc(Number(event.target.value));
                                change({
                                  [field]: Number.isFinite(value)
                                    ? Math.min(Math.max(0, value), 1000, loaded.records.length)
                                    : 0,
                                });
                              }}
                            />
                          </div>
                        ))}
                      </div>
                      <div className="grid gap-3 sm:grid-cols-3">
                        {[...requiredFields, ...optionalFields]
                          .filter((field) => field !== "credit" || setup.kindFrom === "split")
                          .map((field) => (
                            <CsvColumnSelect
                              key={field}
                              id={`${uid}-col-${field}`}
                              label={t(
                                field === "amount" && setup.kindFrom === "split"
                                  ? "import.fields.amountOut"
                                  : `import.fields.${field}`,
                              )}
                              value={setup.columns[field]}
                              width={width}
                              columnLabel={columnLabel}
                              optional={!(requiredFields as readonly string[]).includes(field)}
                              onChange={(value) => changeColumn(field, value)}
                            />
                          ))}
                      </div>
                      {amountProblem ? (
                        <p className="text-sm text-destructive" data-testid="import-amount-problem">
                          {validationMessage(amountProblem, language)}
                        </p>
                      ) : null}
                      <div className="grid gap-3 sm:grid-cols-3">
                        <CsvFormatFields
                          uid={uid}
                          dateFormat={setup.dateFormat}
                          decimal={setup.decimal}
                          onChange={change}
                        />
                        <div className="grid gap-1.5">
                          <Label htmlFor={`${uid}-member`}>{t("import.member")}</Label>
                          <NativeSelect
                            id={`${uid}-member`}
                            value={memberId}
                            onChange={(event) => setMemberId(event.target.value)}
                          >
                            {people.map((person) => (
                              <option key={person.id} value={person.id}>
                                {person.name}
                              </option>
                            ))}
                          </NativeSelect>
                        </div>
                        <div className="grid gap-1.5 sm:col-span-2">
                          <Label htmlFor={`${uid}-kind-from`}>{t("import.kindFrom")}</Label>
                          <NativeSelect
                            id={`${uid}-kind-from`}
                            value={setup.kindFrom}
                            onChange={(event) =>
                              change({ kindFrom: event.target.value as KindSource })
                            }
                          >
                            {kindSources.map((source) => (
                              <option key={source} value={source}>
                                {t(`import.kindFroms.${source}`)}
                              </option>
                            ))}
                          </NativeSelect>
                          {kindColumnMissing ? (
                            <p className="text-sm text-destructive">
                              {t(
                                setup.kindFrom === "split"
                                  ? "import.creditColumnMissing"
                                  : "import.kindColumnMissing",
                              )}
                            </p>
                          ) : null}
                        </div>
                        {setup.kindFrom === "column" && kindValues.length > 0 ? (
                          <div className="grid gap-1.5">
                            <Label htmlFor={`${uid}-out-value`}>{t("import.outValue")}</Label>
                            <NativeSelect
                              id={`${uid}-out-value`}
                              value={setup.outValue ?? ""}
                              onChange={(event) => change({ outValue: event.target.value || null })}
                            >
                              <option value="">{t("import.outValueWords")}</option>
                              {kindValues.map(([value, shown]) => (
                                <option key={value} value={value}>
                                  {shown}
                                </option>
                              ))}
                            </NativeSelect>
                          </div>
                        ) : null}
                        {setup.kindFrom !== "default" ? (
                          <label className="flex items-center gap-2 text-sm sm:col-span-3">
                            <input
                              type="checkbox"
                              className="size-4 accent-primary"
                              checked={setup.flipSign ?? false}
                              onChange={(event) => change({ flipSign: event.target.checked })}
                            />
                            {t("import.flipSign")}
                          </label>
                        ) : null}
                        <div className="grid gap-1.5">
                          <Label htmlFor={`${uid}-default-kind`}>{t("import.defaultKind")}</Label>
                          <NativeSelect
                            id={`${uid}-default-kind`}
                            value={setup.defaultKind}
                            disabled={setup.kindFrom !== "default"}
                            onChange={(event) =>
                              change({ defaultKind: event.target.value as "income" | "expense" })
                            }
                          >
                            <option value="expense">{t("kinds.expense")}</option>
                            <option value="income">{t("kinds.income")}</option>
                          </NativeSelect>
                        </div>
                        <div className="grid gap-1.5 sm:col-span-3">
                          <Label htmlFor={`${uid}-default-category`}>
                            {t("import.defaultCategory")}
                          </Label>
                          <Input
                            id={`${uid}-default-category`}
                            value={setup.defaultCategory ?? ""}
                            maxLength={60}
                            onChange={(event) => change({ defaultCategory: event.target.value })}
                          />
                          <p className="text-xs text-muted-foreground">
                            {t("import.defaultCategoryHint")}
                          </p>
                        </div>
                      </div>
                    </fieldset>

                    <section className="grid gap-3" aria-labelledby={`${uid}-preview`}>
                      <h3 id={`${uid}-preview`} className="text-sm font-medium">
                        {t("import.preview")}
                      </h3>
                      <CsvPreviewCounts
                        ready={t("import.good", { count: good })}
                        bad={bad.length}
                        testIds={{ good: "import-good", bad: "import-bad" }}
                      />
                      <LikelyMatchList likely={likely} />
                      {good > 0 ? (
                        // Relative: the table's screen-reader texts (absolute) stay inside
                        // its scrolling, or the whole dialog scrolls sideways on a phone.
                        <div className="relative overflow-x-auto rounded-lg border">
                          <table className="w-full text-sm">
                            <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
                              <tr>
                                <th className="px-3 py-2 font-medium">{t("list.columns.date")}</th>
                                {/* The amount next to the date: on a phone both show before any scrolling. */}
                                <th className="px-3 py-2 text-right font-medium">
                                  {t("list.columns.amount")}
                                </th>
                                <th className="px-3 py-2 font-medium">{t("list.type")}</th>
                                <th className="px-3 py-2 font-medium">
                                  {t("list.columns.category")}
                                </th>
                                <th className="px-3 py-2 font-medium">
                                  {t("list.columns.description")}
                                </th>
                                <th className="px-1 py-2">
                                  <span className="sr-only">
                                    {t("money:categories.rules.title")}
                                  </span>
                                </th>
                              </tr>
                            </thead>
                            <tbody>
                              {shown.map((row, index) => (
                                <tr key={row.line} className="border-t">
                                  <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                                    {formatDate(row.occurredOn, language)}
                                  </td>
                                  <td
                                    className="px-3 py-2 text-right whitespace-nowrap tabular-nums"
                                    data-testid="import-preview-amount"
                                  >
                                    {formatMoney(row.amountCents, language)}
                                  </td>
                                  <td className="px-3 py-2">{t(`kinds.${row.kind}`)}</td>
                                  <td className="px-3 py-2">
                                    <ImportCategoryCell
                                      category={importCategories.forRow(row, index)}
                                    />
                                  </td>
                                  <td className="max-w-48 truncate px-3 py-2">
                                    {row.merchant ?? row.notes ?? ""}
                                  </td>
                                  <td className="px-1 py-1 text-right">
                                    <ImportRuleButton row={row} categories={importCategories} />
                                  </td>
                                </tr>
                              ))}
                            </tbody>
                          </table>
                        </div>
                      ) : null}
                      <ImportCategoryNotes categories={importCategories} />
                      <CsvBadRows rows={bad} testId="import-bad-rows" />
                    </section>
                  </>
                ) : null}
                {errorText ? (
                  <p className="text-sm text-destructive" role="alert">
                    {errorText}
                  </p>
                ) : null}
              </>
            )}
          </TabsContent>
        </Tabs>

        {/* A long preview scrolls under the buttons, which stay in view as in the entry form. */}
        <DialogFooter className="sticky -bottom-6 z-10 -mx-6 -mb-6 border-t bg-background px-6 py-4">
          {result || tab === "history" ? (
            <>
              {result && tab === "file" ? (
                <Button type="button" variant="outline" onClick={() => setTab("history")}>
                  {t("import.history.see")}
                </Button>
              ) : null}
              <Button type="button" onClick={() => onOpenChange(false)}>
                {t("import.close")}
              </Button>
            </>
          ) : (
            <>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                {t("common:actions.cancel")}
              </Button>
              <Button
                type="button"
                disabled={blocked || run.isPending}
                aria-busy={run.isPending}
                onClick={() => submit()}
              >
                {run.isPending ? (
                  <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
                ) : (
                  <UploadIcon aria-hidden="true" />
                )}
                {run.isPending ? t("import.importing") : t("import.submit", { count: good })}
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
