import { DownloadIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { CsvFormatFields, useCsvFormat } from "#client/components/forms/csv-format-fields.tsx";
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
import { taxExportUrl } from "./taxes.queries.ts";

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
  const { t } = useTranslation("taxes");
  const [format, setFormat] = useCsvFormat();
  const save = () => {
    download(taxExportUrl(year, memberId, format.delimiter, format.decimal));
    onClose();
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent closeLabel={t("close")} data-testid="tax-export-dialog">
        <DialogHeader>
          <DialogTitle>{t("export.title", { year })}</DialogTitle>
          <DialogDescription>{t("export.description")}</DialogDescription>
        </DialogHeader>
        <CsvFormatFields format={format} onChange={setFormat} />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            {t("cancel")}
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
