import { FileUpIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { NativeSelect } from "#client/components/ui/select.tsx";
import {
  dateFormats,
  decimalSeparators,
  decodeCsvBytes,
  headerRow,
  parseCsv,
  tableRows,
  type BadRow,
  type CsvEncoding,
  type CsvRecord,
  type DateFormat,
  type DecimalSeparator,
} from "#shared/csv-import.ts";
import { defaultLanguage, isLanguage } from "#shared/i18n.ts";
import { validationMessage } from "#shared/validation.ts";

/**
 * The pieces every CSV import dialog shares (the transactions' and the trades'): reading the
 * file, choosing columns, the date and number formats, and the rows that will be skipped. Each
 * dialog keeps what is its own: which columns it needs, its other choices, its preview table.
 * Texts are in the common namespace under `csv`.
 */

/**
 * The setup every import has: columns by index, a header row (after the lines before the table,
 * if any), the date and number formats.
 */
type CsvSetup = {
  hasHeader: boolean;
  skipTop?: number | null | undefined;
  skipBottom?: number | null | undefined;
  dateFormat: DateFormat;
  decimal: DecimalSeparator;
  columns: Record<string, number | null | undefined>;
};

export type LoadedCsv = {
  text: string;
  fileName: string;
  records: CsvRecord[];
  /** A bank's statement file read as records (OFX, CAMT.053, MT940); absent for CSV. */
  format?: string | undefined;
  /** How the bytes were read: UTF-8, or Windows-1252 (ISO-8859-1) when they are not UTF-8. */
  encoding: CsvEncoding;
};

/**
 * How a dialog reads a file's text into records: CSV by default; the transactions' import also
 * reads banks' statement files (shared/statement-files, decision 036). A file it cannot read
 * gives the reason (a validation key) when there is one.
 */
type FileRead = { ok: true; records: CsvRecord[]; format?: string } | { ok: false; key: string };
export type FileReader = (text: string) => FileRead | Promise<FileRead>;

const readCsv: FileReader = (text) => ({ ok: true, records: parseCsv(text).records });

/**
 * A chosen CSV file and the setup guessed from it: `onFile` reads and parses the file, then
 * `guess` proposes the setup, which the dialog's controls change with `change`/`changeColumn`.
 */
export function useCsvFile<S extends CsvSetup>(
  guess: (records: CsvRecord[]) => S,
  read: FileReader = readCsv,
) {
  const { t } = useTranslation("common");
  const [loaded, setLoaded] = useState<LoadedCsv | null>(null);
  const [setup, setSetup] = useState<S | null>(null);
  const [readFailed, setReadFailed] = useState(false);
  const [readProblem, setReadProblem] = useState<string | null>(null);

  const reset = () => {
    setLoaded(null);
    setSetup(null);
    setReadFailed(false);
    setReadProblem(null);
  };
  const onFile = async (file: File | undefined) => {
    reset();
    if (!file) return;
    try {
      const { text, encoding } = decodeCsvBytes(new Uint8Array(await file.arrayBuffer()));
      const result = await read(text);
      if (!result.ok) {
        setReadFailed(true);
        setReadProblem(result.key);
        return;
      }
      const { records, format } = result;
      if (records.length === 0) throw new Error("empty");
      setLoaded({ text, fileName: file.name, records, encoding, format });
      setSetup(guess(records));
    } catch {
      setReadFailed(true);
    }
  };
  // The number of columns: the widest of the first rows.
  const width = useMemo(
    () => Math.max(0, ...(loaded?.records.slice(0, 50).map((r) => r.cells.length) ?? [])),
    [loaded],
  );
  const header = loaded && setup ? headerRow(loaded.records, setup) : undefined;
  const columnLabel = (index: number) => {
    const name = header?.[index]?.trim();
    const column = t("csv.columnN", { n: index + 1 });
    return name ? `${column}: ${name}` : column;
  };
  const change = (patch: Partial<S>) =>
    setSetup((current) => (current ? { ...current, ...patch } : current));
  const changeColumn = (field: keyof S["columns"], value: string) =>
    setSetup((current) =>
      current
        ? {
            ...current,
            columns: { ...current.columns, [field]: value === "" ? null : Number(value) },
          }
        : current,
    );
  return {
    loaded,
    setup,
    readFailed,
    readProblem,
    onFile,
    reset,
    width,
    columnLabel,
    change,
    changeColumn,
  };
}

const encodingNames: Record<CsvEncoding, string> = {
  "utf-8": "UTF-8",
  "utf-16le": "UTF-16",
  "utf-16be": "UTF-16",
  "windows-1252": "Windows-1252 (ISO-8859-1)",
};

/**
 * The file input, and under it the file's name, its rows and how it was read (when not UTF-8),
 * or that it could not be read.
 */
export function CsvFileField({
  id,
  loaded,
  readFailed,
  readProblem,
  accept = ".csv,.txt,text/csv,text/plain",
  label,
  hasHeader,
  skipTop,
  skipBottom,
  onFile,
  testId,
}: {
  id: string;
  loaded: LoadedCsv | null;
  readFailed: boolean;
  /** Why the file could not be read (a validation key), when known. */
  readProblem?: string | null | undefined;
  /** The file types the picker offers. */
  accept?: string;
  /** The field's label (default "CSV file"). */
  label?: string;
  hasHeader: boolean;
  /** Lines before and after the table, left out of the count of rows. */
  skipTop?: number | null | undefined;
  skipBottom?: number | null | undefined;
  onFile: (file: File | undefined) => void;
  testId?: string;
}) {
  const { t, i18n } = useTranslation("common");
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : defaultLanguage;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label ?? t("csv.file")}</Label>
      <Input
        id={id}
        type="file"
        accept={accept}
        className="cursor-pointer file:mr-3 file:cursor-pointer"
        data-testid={testId}
        onChange={(event) => onFile(event.target.files?.[0])}
      />
      {readFailed ? (
        <p className="text-sm text-destructive" role="alert" data-testid="csv-read-failed">
          {readProblem ? validationMessage(readProblem, language) : t("csv.readFailed")}
        </p>
      ) : loaded ? (
        <p className="flex min-w-0 items-start gap-2 text-sm text-muted-foreground">
          <FileUpIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {/* One run of text, so a long file name wraps instead of widening the dialog. */}
          <span className="min-w-0 [overflow-wrap:anywhere]">
            {loaded.fileName} ·{" "}
            {loaded.format && loaded.format !== "csv" ? (
              <span data-testid="csv-format">{t(`csv.formats.${loaded.format}`)} · </span>
            ) : null}
            {t("csv.rows", {
              // The data rows: a header row holds column names, not data.
              count: tableRows(loaded.records, { hasHeader, skipTop, skipBottom }).length,
            })}
            {loaded.encoding === "utf-8" ? null : (
              <span data-testid="csv-encoding">
                {" "}
                · {t("csv.encoding", { encoding: encodingNames[loaded.encoding] })}
              </span>
            )}
          </span>
        </p>
      ) : null}
    </div>
  );
}

/** "The first row holds the column names". */
export function CsvHeaderToggle({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation("common");
  return (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        className="size-4 accent-primary"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {t("csv.hasHeader")}
    </label>
  );
}

/** Which column of the file holds a field; an optional field may have none. */
export function CsvColumnSelect({
  id,
  label,
  value,
  width,
  columnLabel,
  optional = false,
  onChange,
}: {
  id: string;
  label: string;
  value: number | null | undefined;
  width: number;
  columnLabel: (index: number) => string;
  optional?: boolean;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation("common");
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect
        id={id}
        value={value === null || value === undefined ? "" : String(value)}
        onChange={(event) => onChange(event.target.value)}
      >
        {optional ? <option value="">{t("csv.columnNone")}</option> : null}
        {Array.from({ length: width }, (_, index) => (
          <option key={index} value={index}>
            {columnLabel(index)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/** The date format and the decimal mark of the file. */
export function CsvFormatFields({
  uid,
  dateFormat,
  decimal,
  onChange,
}: {
  uid: string;
  dateFormat: DateFormat;
  decimal: DecimalSeparator;
  onChange: (patch: { dateFormat?: DateFormat; decimal?: DecimalSeparator }) => void;
}) {
  const { t } = useTranslation("common");
  return (
    <>
      <div className="grid gap-1.5">
        <Label htmlFor={`${uid}-date-format`}>{t("csv.dateFormat")}</Label>
        <NativeSelect
          id={`${uid}-date-format`}
          value={dateFormat}
          onChange={(event) => onChange({ dateFormat: event.target.value as DateFormat })}
        >
          {dateFormats.map((format) => (
            <option key={format} value={format}>
              {format}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${uid}-decimal`}>{t("csv.decimal")}</Label>
        <NativeSelect
          id={`${uid}-decimal`}
          value={decimal}
          onChange={(event) => onChange({ decimal: event.target.value as DecimalSeparator })}
        >
          {decimalSeparators.map((mark) => (
            <option key={mark} value={mark}>
              {t(`csv.decimals.${mark}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
    </>
  );
}

/** How many rows are ready (the dialog's own words) and how many will be skipped. */
export function CsvPreviewCounts({
  ready,
  bad,
  testIds,
}: {
  ready: string;
  bad: number;
  testIds: { good: string; bad: string };
}) {
  const { t } = useTranslation("common");
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-live="polite">
      <span
        className="font-medium text-emerald-700 dark:text-emerald-400"
        data-testid={testIds.good}
      >
        {ready}
      </span>
      {bad > 0 ? (
        <span className="font-medium text-amber-700 dark:text-amber-400" data-testid={testIds.bad}>
          {t("csv.bad", { count: bad })}
        </span>
      ) : null}
    </p>
  );
}

const badRowsShown = 50;

/** The rows that will be skipped, each with its reasons in the language on screen. */
export function CsvBadRows({ rows, testId }: { rows: BadRow[]; testId: string }) {
  const { t, i18n } = useTranslation("common");
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : defaultLanguage;
  if (rows.length === 0) return null;
  return (
    <div className="grid gap-2" data-testid={testId}>
      <h4 className="text-sm font-medium">{t("csv.badRows")}</h4>
      <ul className="grid max-h-40 gap-1 overflow-y-auto rounded-lg border border-amber-300/60 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-50">
        {rows.slice(0, badRowsShown).map((row) => (
          <li key={row.line}>
            <span className="font-medium">{t("csv.line", { line: row.line })}:</span>{" "}
            {row.errors.map((key) => validationMessage(key, language)).join("; ")}
          </li>
        ))}
        {rows.length > badRowsShown ? (
          <li className="text-muted-foreground">
            {t("csv.moreRows", { count: rows.length - badRowsShown })}
          </li>
        ) : null}
      </ul>
    </div>
  );
}
