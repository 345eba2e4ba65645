import { DownloadIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import {
  CsvFormatFields,
  useCsvFormat,
  type CsvFormat,
} from "#client/components/forms/csv-format-fields.tsx";
import { Button } from "#client/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#client/components/ui/dialog.tsx";
import { download } from "#client/lib/download.ts";
import type { ListSort, TransactionFilter } from "#shared/schemas/transactions.schema.ts";
import { filterQuery } from "./transactions.queries.ts";

/** The address of the CSV of exactly what the list shows (its filter and order). */
export function exportUrl(
  filter: TransactionFilter,
  sort: ListSort,
  delimiter: CsvFormat["delimiter"],
  decimal: CsvFormat["decimal"],
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
  const [format, setFormat] = useCsvFormat();
  const save = () => {
    download(exportUrl(filter, sort, format.delimiter, format.decimal));
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("common:actions.close")} data-testid="export-dialog">
        <DialogHeader>
          <DialogTitle>{t("export.title")}</DialogTitle>
          <DialogDescription>{t("export.description", { count })}</DialogDescription>
        </DialogHeader>
        <CsvFormatFields format={format} onChange={setFormat} />
        <p className="text-sm text-muted-foreground">{t("export.hint")}</p>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="button" onClick={save}>
            <DownloadIcon aria-hidden="true" />
            {t("export.download")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
