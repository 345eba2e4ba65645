import { DownloadIcon, FileArchiveIcon, FileJsonIcon, LoaderCircleIcon } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "#client/lib/toast.ts";
import { Button } from "#client/components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "#client/components/ui/card.tsx";
import { useAccount } from "#client/features/account/account.queries.ts";
import { api, ApiError } from "#client/lib/api.ts";
import { translateError } from "#client/lib/errors.ts";
import { readErrorBody } from "#shared/errors.ts";
import { RestoreData } from "./restore-data.tsx";

type Format = "json" | "csv";

/** The file name the server gives in Content-Disposition, or a sensible one. */
function fileName(disposition: string | null, format: Format): string {
  const named = /filename="([^"]+)"/.exec(disposition ?? "")?.[1];
  return named ?? `hearth-export.${format === "csv" ? "zip" : "json"}`;
}

/** Saves a downloaded file the way the browser saves a linked one. */
function saveFile(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser the moment it needs to start saving before the address goes.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

async function errorOf(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => undefined);
  const parsed = readErrorBody(body);
  return parsed
    ? new ApiError(parsed.error.code, parsed.error.message, response.status)
    : new ApiError(response.status >= 500 ? "INTERNAL" : "VALIDATION", "", response.status);
}

/**
 * "Your data" in the profile: everything of the household the person may see, as one JSON
 * document (docs/export-format.md) or a zip of CSV files per area. The server streams it; the
 * button spins until the whole file is here, then the browser saves it.
 */
export function ExportData() {
  const { t } = useTranslation("profile");
  const { data: account } = useAccount();
  const [busy, setBusy] = useState<Format | null>(null);
  const isOwner = account?.member.role === "owner";

  const download = async (format: Format) => {
    if (!account || busy) return;
    setBusy(format);
    try {
      let response: Response;
      try {
        response = await api.households[":householdId"].export.$get({
          param: { householdId: account.household.id },
          query: { format },
        });
      } catch {
        throw new ApiError("UNAVAILABLE", "Hearth could not be reached.", 0);
      }
      if (!response.ok) throw await errorOf(response);
      const blob = await response.blob();
      saveFile(blob, fileName(response.headers.get("content-disposition"), format));
      toast.news(t("export.done"), { tone: "success" });
    } catch (error) {
      toast.news(t("export.failed"), { tone: "error", description: translateError(t, error) });
    } finally {
      setBusy(null);
    }
  };

  const button = (format: Format, Icon: typeof FileJsonIcon) => (
    <Button
      type="button"
      variant="outline"
      onClick={() => void download(format)}
      disabled={!account || busy !== null}
      aria-busy={busy === format}
      className="w-full sm:w-auto"
    >
      {busy === format ? (
        <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
      ) : (
        <Icon aria-hidden="true" />
      )}
      {busy === format ? t("export.preparing") : t(`export.${format}`)}
    </Button>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <DownloadIcon aria-hidden="true" className="size-5 text-muted-foreground" />
          {t("export.title")}
        </CardTitle>
        <CardDescription>
          {isOwner ? t("export.descriptionOwner") : t("export.descriptionMember")}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="flex flex-col gap-2 sm:flex-row">
          {button("json", FileJsonIcon)}
          {button("csv", FileArchiveIcon)}
        </div>
        <p className="text-sm text-muted-foreground">{t("export.hint")}</p>
        <p role="status" aria-live="polite" className="sr-only">
          {busy ? t("export.preparing") : ""}
        </p>
        <RestoreData />
      </CardContent>
    </Card>
  );
}
