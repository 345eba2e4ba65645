import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2Icon, FileUpIcon, LoaderCircleIcon, UploadIcon } from "lucide-react";
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
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { NativeSelect } from "#client/components/ui/select.tsx";
import type { Account } from "#client/features/account/account.queries.ts";
import { activePeople, useMembers } from "#client/features/households/households.queries.ts";
import { api, ApiError, unwrap } from "#client/lib/api.ts";
import {
  dateFormats,
  decimalSeparators,
  guessImportSetup,
  kindSources,
  mapImportRows,
  parseCsv,
  type CsvRecord,
  type DateFormat,
  type DecimalSeparator,
  type ImportSetup,
  type KindSource,
} from "#shared/csv-import.ts";
import { formatMoney } from "#shared/money.ts";
import { validationMessage } from "#shared/validation.ts";
import { formatDate } from "./transaction-row.tsx";
import { invalidateMoney, useLanguage } from "./transactions.queries.ts";

type Loaded = { text: string; fileName: string; records: CsvRecord[] };
type ImportResult = Awaited<ReturnType<typeof postImport>>;

function postImport(input: {
  text: string;
  setup: ImportSetup;
  memberId: string;
  fileName: string;
}) {
  return unwrap(api.imports.$post({ json: input }));
}

const optionalFields = ["kind", "category", "merchant", "notes"] as const;
const previewRows = 5;
const badRowsShown = 50;

/**
 * Import from CSV: choose a file, map its columns, choose the date and number formats, see the
 * good rows and the bad ones with their reasons (the shared code the server runs again), and
 * import the good ones all at once. The same file twice adds nothing twice.
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
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [setup, setSetup] = useState<ImportSetup | null>(null);
  const [memberId, setMemberId] = useState(account.member.id);
  const [readFailed, setReadFailed] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const run = useMutation({
    mutationFn: postImport,
    meta: { handlesErrors: true },
    onSuccess: setResult,
    onSettled: () =>
      Promise.all([
        invalidateMoney(queryClient),
        queryClient.invalidateQueries({ queryKey: ["categories"] }),
      ]),
  });

  const reset = () => {
    setLoaded(null);
    setSetup(null);
    setResult(null);
    setReadFailed(false);
    run.reset();
  };

  const onFile = async (file: File | undefined) => {
    reset();
    if (!file) return;
    try {
      const text = await file.text();
      const { records } = parseCsv(text);
      if (records.length === 0) throw new Error("empty");
      setLoaded({ text, fileName: file.name, records });
      setSetup(guessImportSetup(records, language));
    } catch {
      setReadFailed(true);
    }
  };

  const mapped = useMemo(
    () => (loaded && setup ? mapImportRows(loaded.records, setup) : null),
    [loaded, setup],
  );
  const width = useMemo(
    () => Math.max(0, ...(loaded?.records.slice(0, 50).map((r) => r.cells.length) ?? [])),
    [loaded],
  );
  const header = setup?.hasHeader ? loaded?.records[0]?.cells : undefined;
  const columnLabel = (index: number) => {
    const name = header?.[index]?.trim();
    return name
      ? `${t("import.columnN", { n: index + 1 })}: ${name}`
      : t("import.columnN", { n: index + 1 });
  };
  const change = (patch: Partial<ImportSetup>) =>
    setSetup((current) => (current ? { ...current, ...patch } : current));
  const changeColumn = (field: keyof ImportSetup["columns"], value: string) =>
    setSetup((current) =>
      current
        ? {
            ...current,
            columns: { ...current.columns, [field]: value === "" ? null : Number(value) },
          }
        : current,
    );
  const kindColumnMissing =
    setup?.kindFrom === "column" &&
    (setup.columns.kind === null || setup.columns.kind === undefined);
  const good = mapped?.good.length ?? 0;
  const bad = mapped?.bad ?? [];

  const submit = () => {
    if (!loaded || !setup || good === 0 || kindColumnMissing) return;
    run.mutate({ text: loaded.text, setup, memberId, fileName: loaded.fileName });
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
              <li>{t("import.resultInvalid", { count: result.invalid.length })}</li>
              {result.createdCategories > 0 ? (
                <li>{t("import.resultCategories", { count: result.createdCategories })}</li>
              ) : null}
            </ul>
          </section>
        ) : (
          <>
            <div className="grid gap-2">
              <Label htmlFor={`${uid}-file`}>{t("import.file")}</Label>
              <Input
                id={`${uid}-file`}
                type="file"
                accept=".csv,.txt,text/csv,text/plain"
                className="cursor-pointer file:mr-3 file:cursor-pointer"
                onChange={(event) => void onFile(event.target.files?.[0])}
              />
              {readFailed ? (
                <p className="text-sm text-destructive">{t("import.readFailed")}</p>
              ) : loaded ? (
                <p className="flex items-center gap-2 text-sm text-muted-foreground">
                  <FileUpIcon className="size-4" aria-hidden="true" />
                  {loaded.fileName} ·{" "}
                  {t("import.rows", {
                    // The data rows: a header row holds column names, not an entry.
                    count: Math.max(0, loaded.records.length - (setup?.hasHeader ? 1 : 0)),
                  })}
                </p>
              ) : null}
            </div>

            {loaded && setup && mapped ? (
              <>
                <fieldset className="grid min-w-0 gap-3">
                  <legend className="mb-2 text-sm font-medium">{t("import.mapping")}</legend>
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      checked={setup.hasHeader}
                      onChange={(event) => change({ hasHeader: event.target.checked })}
                    />
                    {t("import.hasHeader")}
                  </label>
                  <div className="grid gap-3 sm:grid-cols-3">
                    {(["date", "amount"] as const).map((field) => (
                      <div key={field} className="grid gap-1.5">
                        <Label htmlFor={`${uid}-col-${field}`}>{t(`import.fields.${field}`)}</Label>
                        <NativeSelect
                          id={`${uid}-col-${field}`}
                          value={String(setup.columns[field])}
                          onChange={(event) => changeColumn(field, event.target.value)}
                        >
                          {Array.from({ length: width }, (_, index) => (
                            <option key={index} value={index}>
                              {columnLabel(index)}
                            </option>
                          ))}
                        </NativeSelect>
                      </div>
                    ))}
                    {optionalFields.map((field) => (
                      <div key={field} className="grid gap-1.5">
                        <Label htmlFor={`${uid}-col-${field}`}>{t(`import.fields.${field}`)}</Label>
                        <NativeSelect
                          id={`${uid}-col-${field}`}
                          value={
                            setup.columns[field] === null || setup.columns[field] === undefined
                              ? ""
                              : String(setup.columns[field])
                          }
                          onChange={(event) => changeColumn(field, event.target.value)}
                        >
                          <option value="">{t("import.columnNone")}</option>
                          {Array.from({ length: width }, (_, index) => (
                            <option key={index} value={index}>
                              {columnLabel(index)}
                            </option>
                          ))}
                        </NativeSelect>
                      </div>
                    ))}
                  </div>
                  <div className="grid gap-3 sm:grid-cols-3">
                    <div className="grid gap-1.5">
                      <Label htmlFor={`${uid}-date-format`}>{t("import.dateFormat")}</Label>
                      <NativeSelect
                        id={`${uid}-date-format`}
                        value={setup.dateFormat}
                        onChange={(event) =>
                          change({ dateFormat: event.target.value as DateFormat })
                        }
                      >
                        {dateFormats.map((format) => (
                          <option key={format} value={format}>
                            {format}
                          </option>
                        ))}
                      </NativeSelect>
                    </div>
                    <div className="grid gap-1.5">
                      <Label htmlFor={`${uid}-decimal`}>{t("import.decimal")}</Label>
                      <NativeSelect
                        id={`${uid}-decimal`}
                        value={setup.decimal}
                        onChange={(event) =>
                          change({ decimal: event.target.value as DecimalSeparator })
                        }
                      >
                        {decimalSeparators.map((decimal) => (
                          <option key={decimal} value={decimal}>
                            {t(`export.decimals.${decimal}`)}
                          </option>
                        ))}
                      </NativeSelect>
                    </div>
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
                        onChange={(event) => change({ kindFrom: event.target.value as KindSource })}
                      >
                        {kindSources.map((source) => (
                          <option key={source} value={source}>
                            {t(`import.kindFroms.${source}`)}
                          </option>
                        ))}
                      </NativeSelect>
                      {kindColumnMissing ? (
                        <p className="text-sm text-destructive">{t("import.kindColumnMissing")}</p>
                      ) : null}
                    </div>
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
                  <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-live="polite">
                    <span
                      className="font-medium text-emerald-700 dark:text-emerald-400"
                      data-testid="import-good"
                    >
                      {t("import.good", { count: good })}
                    </span>
                    {bad.length > 0 ? (
                      <span
                        className="font-medium text-amber-700 dark:text-amber-400"
                        data-testid="import-bad"
                      >
                        {t("import.bad", { count: bad.length })}
                      </span>
                    ) : null}
                  </p>
                  {good > 0 ? (
                    <div className="overflow-x-auto rounded-lg border">
                      <table className="w-full text-sm">
                        <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
                          <tr>
                            <th className="px-3 py-2 font-medium">{t("list.columns.date")}</th>
                            <th className="px-3 py-2 font-medium">{t("list.type")}</th>
                            <th className="px-3 py-2 font-medium">{t("list.columns.category")}</th>
                            <th className="px-3 py-2 font-medium">
                              {t("list.columns.description")}
                            </th>
                            <th className="px-3 py-2 text-right font-medium">
                              {t("list.columns.amount")}
                            </th>
                          </tr>
                        </thead>
                        <tbody>
                          {mapped.good.slice(0, previewRows).map((row) => (
                            <tr key={row.line} className="border-t">
                              <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                                {formatDate(row.occurredOn, language)}
                              </td>
                              <td className="px-3 py-2">{t(`kinds.${row.kind}`)}</td>
                              <td className="px-3 py-2">{row.category}</td>
                              <td className="max-w-48 truncate px-3 py-2">
                                {row.merchant ?? row.notes ?? ""}
                              </td>
                              <td
                                className="px-3 py-2 text-right whitespace-nowrap tabular-nums"
                                data-testid="import-preview-amount"
                              >
                                {formatMoney(row.amountCents, language)}
                              </td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    </div>
                  ) : null}
                  {bad.length > 0 ? (
                    <div className="grid gap-2" data-testid="import-bad-rows">
                      <h4 className="text-sm font-medium">{t("import.badRows")}</h4>
                      <ul className="grid max-h-40 gap-1 overflow-y-auto rounded-lg border border-amber-300/60 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-50">
                        {bad.slice(0, badRowsShown).map((row) => (
                          <li key={row.line}>
                            <span className="font-medium">
                              {t("import.line", { line: row.line })}:
                            </span>{" "}
                            {row.errors.map((key) => validationMessage(key, language)).join("; ")}
                          </li>
                        ))}
                        {bad.length > badRowsShown ? (
                          <li className="text-muted-foreground">
                            {t("import.moreRows", { count: bad.length - badRowsShown })}
                          </li>
                        ) : null}
                      </ul>
                    </div>
                  ) : null}
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

        <DialogFooter>
          {result ? (
            <Button type="button" onClick={() => onOpenChange(false)}>
              {t("import.close")}
            </Button>
          ) : (
            <>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                {t("common:actions.cancel")}
              </Button>
              <Button
                type="button"
                disabled={good === 0 || run.isPending || kindColumnMissing}
                aria-busy={run.isPending}
                onClick={submit}
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
