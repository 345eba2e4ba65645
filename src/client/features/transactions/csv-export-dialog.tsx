import { DownloadIcon } from "lucide-react";
import { useId, useState } from "react";
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
import { Label } from "#client/components/ui/label.tsx";
import { NativeSelect } from "#client/components/ui/select.tsx";
import { useLanguage } from "#client/lib/use-language.ts";
import type { ListSort, TransactionFilter } from "#shared/schemas/transactions.schema.ts";
import { filterQuery } from "./transactions.queries.ts";

const delimiters = ["comma", "semicolon", "tab"] as const;
const decimals = ["dot", "comma"] as const;
type Delimiter = (typeof delimiters)[number];
type Decimal = (typeof decimals)[number];

/** The address of the CSV of exactly what the list shows (its filter and order). */
export function exportUrl(
  filter: TransactionFilter,
  sort: ListSort,
  delimiter: Delimiter,
  decimal: Decimal,
): string {
  const params = new URLSearchParams({ ...filterQuery(filter), sort, delimiter, decimal });
  return `/api/transactions/export?${params.toString()}`;
}

/**
 * Export what the list shows to CSV. The separators default to the language's spreadsheet
 * conventions: Dutch a semicolon with a decimal comma, English a comma with a decimal point.
 */
export function ExportDialog({
  open,
  onOpenChange,
  filter,
  sort,
  count,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  filter: TransactionFilter;
  sort: ListSort;
  count: number;
}) {
  const { t } = useTranslation("entries");
  const language = useLanguage();
  const uid = useId();
  const [delimiter, setDelimiter] = useState<Delimiter>(language === "nl" ? "semicolon" : "comma");
  const [decimal, setDecimal] = useState<Decimal>(language === "nl" ? "comma" : "dot");
  const [lastLanguage, setLastLanguage] = useState(language);
  if (language !== lastLanguage) {
    setLastLanguage(language);
    setDelimiter(language === "nl" ? "semicolon" : "comma");
    setDecimal(language === "nl" ? "comma" : "dot");
  }
  const download = () => {
    const link = document.createElement("a");
    link.href = exportUrl(filter, sort, delimiter, decimal);
    link.download = "";
    document.body.append(link);
    link.click();
    link.remove();
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("common:actions.close")} data-testid="export-dialog">
        <DialogHeader>
          <DialogTitle>{t("export.title")}</DialogTitle>
          <DialogDescription>{t("export.description", { count })}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor={`${uid}-delimiter`}>{t("export.delimiter")}</Label>
            <NativeSelect
              id={`${uid}-delimiter`}
              value={delimiter}
              onChange={(event) => setDelimiter(event.target.value as Delimiter)}
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
              value={decimal}
              onChange={(event) => setDecimal(event.target.value as Decimal)}
            >
              {decimals.map((value) => (
                <option key={value} value={value}>
                  {t(`export.decimals.${value}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
        <p className="text-sm text-muted-foreground">{t("export.hint")}</p>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="button" onClick={download}>
            <DownloadIcon aria-hidden="true" />
            {t("export.download")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
