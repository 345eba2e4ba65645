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
import { useMoneyFormat } from "#client/features/income-spending/money-format.ts";
import { decimalSeparators, type DecimalSeparator } from "#shared/csv-import.ts";
import { csvDelimiters, type CsvDelimiterName } from "#shared/csv-export.ts";
import { taxExportUrl } from "./taxes.queries.ts";

const delimiters = Object.keys(csvDelimiters) as CsvDelimiterName[];

/**
 * "Export for the return": the year's payments, refunds, deadlines, tax-relevant categories and
 * mortgage interest as one CSV in the scope, with the separator and decimal mark the person's
 * spreadsheet reads (the language's by default).
 */
export function ExportDialog({
  year,
  memberId,
  onClose,
}: {
  year: number;
  memberId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(["taxes", "entries"]);
  const { language } = useMoneyFormat();
  const uid = useId();
  const [delimiter, setDelimiter] = useState<CsvDelimiterName>(
    language === "nl" ? "semicolon" : "comma",
  );
  const [decimal, setDecimal] = useState<DecimalSeparator>(language === "nl" ? "comma" : "dot");
  const download = () => {
    const link = document.createElement("a");
    link.href = taxExportUrl(year, memberId, delimiter, decimal);
    link.download = "";
    document.body.append(link);
    link.click();
    link.remove();
    onClose();
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent closeLabel={t("close")} data-testid="tax-export-dialog">
        <DialogHeader>
          <DialogTitle>{t("export.title", { year })}</DialogTitle>
          <DialogDescription>{t("export.description")}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor={`${uid}-delimiter`}>{t("entries:export.delimiter")}</Label>
            <NativeSelect
              id={`${uid}-delimiter`}
              value={delimiter}
              onChange={(event) => setDelimiter(event.target.value as CsvDelimiterName)}
            >
              {delimiters.map((value) => (
                <option key={value} value={value}>
                  {t(`entries:export.delimiters.${value}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${uid}-decimal`}>{t("entries:export.decimal")}</Label>
            <NativeSelect
              id={`${uid}-decimal`}
              value={decimal}
              onChange={(event) => setDecimal(event.target.value as DecimalSeparator)}
            >
              {decimalSeparators.map((value) => (
                <option key={value} value={value}>
                  {t(`entries:export.decimals.${value}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            {t("cancel")}
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
