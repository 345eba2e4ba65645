import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Label } from "#client/components/ui/label.tsx";
import { NativeSelect } from "#client/components/ui/select.tsx";
import { useLanguage } from "#client/lib/use-language.ts";
import { decimalSeparators, type DecimalSeparator } from "#shared/csv-import.ts";
import { csvDelimiters, type CsvDelimiterName } from "#shared/csv-export.ts";
import type { Language } from "#shared/i18n.ts";

const delimiters = Object.keys(csvDelimiters) as CsvDelimiterName[];

/** A CSV's separator and decimal mark. */
export type CsvFormat = { delimiter: CsvDelimiterName; decimal: DecimalSeparator };

/** The language's spreadsheet habits: Dutch a semicolon and a decimal comma, English a comma and a point. */
export const csvFormatOf = (language: Language): CsvFormat =>
  language === "nl"
    ? { delimiter: "semicolon", decimal: "comma" }
    : { delimiter: "comma", decimal: "dot" };

/** The format an export is written in: the language's, until the person chooses another. */
export function useCsvFormat() {
  const language = useLanguage();
  const [chosen, setChosen] = useState<{ language: Language; format: CsvFormat } | null>(null);
  // Another language on screen starts from its own habits again.
  const format = chosen?.language === language ? chosen.format : csvFormatOf(language);
  return [format, (next: CsvFormat) => setChosen({ language, format: next })] as const;
}

/** The separator and decimal mark of an export, side by side. */
export function CsvFormatFields({
  format,
  onChange,
}: {
  format: CsvFormat;
  onChange: (format: CsvFormat) => void;
}) {
  const { t } = useTranslation("entries");
  const uid = useId();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="grid gap-2">
        <Label htmlFor={`${uid}-delimiter`}>{t("export.delimiter")}</Label>
        <NativeSelect
          id={`${uid}-delimiter`}
          value={format.delimiter}
          onChange={(event) =>
            onChange({ ...format, delimiter: event.target.value as CsvDelimiterName })
          }
        >
          {delimiters.map((value) => (
            <option key={value} value={value}>
              {t(`export.delimiters.${value}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${uid}-decimal`}>{t("export.decimal")}</Label>
        <NativeSelect
          id={`${uid}-decimal`}
          value={format.decimal}
          onChange={(event) =>
            onChange({ ...format, decimal: event.target.value as DecimalSeparator })
          }
        >
          {decimalSeparators.map((value) => (
            <option key={value} value={value}>
              {t(`export.decimals.${value}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
