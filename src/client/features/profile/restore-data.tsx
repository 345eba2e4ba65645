import { useQueryClient } from "@tanstack/react-query";
import { TriangleAlertIcon, UploadIcon } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "#client/lib/toast.ts";
import { Button } from "#client/components/ui/button.tsx";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from "#client/components/ui/dialog.tsx";
import { useAccount } from "#client/features/account/account.queries.ts";
import { api } from "#client/lib/api.ts";
import { readErrorBody } from "#shared/errors.ts";

type Chosen = {
  fileName: string;
  document: Record<string, unknown>;
  householdName: string;
  exportedAt: string;
  entries: number;
  people: number;
};

type RestoreBody = Parameters<
  (typeof api.households)[":householdId"]["restore"]["$post"]
>[0]["json"];

/** What the dialog says about a file: the household's name, when, how many entries and people. */
function describe(fileName: string, document: Record<string, unknown>): Chosen | null {
  if (document.format !== "hearth-export" || !Array.isArray(document.tables)) return null;
  const tables = document.tables as { name?: unknown; rows?: unknown }[];
  const rows = (name: string) => {
    const found = tables.find((table) => table.name === name)?.rows;
    return Array.isArray(found) ? (found as Record<string, unknown>[]) : [];
  };
  return {
    fileName,
    document,
    householdName: String(rows("households")[0]?.name ?? ""),
    exportedAt: typeof document.exportedAt === "string" ? document.exportedAt : "",
    entries: rows("transactions").filter((row) => row.deleted_at === null).length,
    people: rows("members").filter(
      (row) => row.is_household !== true && row.invitation_status !== "removed",
    ).length,
  };
}

/**
 * Restoring a household from its JSON export (docs/export-format.md, decision 033), in "Your
 * data": the owner picks the file, the dialog says what will happen, and the server puts the
 * rows into the household (only while it holds no data). Then the dashboard shows them.
 */
export function RestoreData() {
  const { t, i18n } = useTranslation("profile");
  const { data: account } = useAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  if (account?.member.role !== "owner") return null;

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    let parsed: Chosen | null = null;
    try {
      const value: unknown = JSON.parse(await file.text());
      if (typeof value === "object" && value !== null)
        parsed = describe(file.name, value as Record<string, unknown>);
    } catch {
      parsed = null;
    }
    if (input.current) input.current.value = "";
    if (!parsed) {
      toast.error(t("restore.failed"), { description: t("restore.notAnExport") });
      return;
    }
    setChosen(parsed);
  };

  const restore = async () => {
    if (!chosen || pending) return;
    setPending(true);
    setProblem(null);
    try {
      const response = await api.households[":householdId"].restore.$post({
        param: { householdId: account.household.id },
        json: chosen.document as RestoreBody,
      });
      if (!response.ok) {
        const body = readErrorBody(await response.json().catch(() => undefined));
        setProblem(body?.error.message || t("restore.failedGeneric"));
        return;
      }
      setChosen(null);
      await queryClient.invalidateQueries();
      toast.success(t("restore.done"));
      void navigate("/dashboard");
    } catch {
      setProblem(t("restore.failedGeneric"));
    } finally {
      setPending(false);
    }
  };

  const when = chosen?.exportedAt
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "long" }).format(
        new Date(chosen.exportedAt),
      )
    : "";

  return (
    <div className="space-y-2 border-t pt-4">
      <h3 className="font-medium">{t("restore.title")}</h3>
      <p className="text-sm text-muted-foreground">{t("restore.description")}</p>
      <input
        ref={input}
        id="restore-file"
        type="file"
        accept=".json,application/json"
        className="sr-only"
        // The button below opens it; it is named for whoever reaches it anyway.
        aria-label={t("restore.choose")}
        tabIndex={-1}
        onChange={(event) => void choose(event.target.files?.[0])}
      />
      <Button
        type="button"
        variant="outline"
        className="w-full sm:w-auto"
        onClick={() => input.current?.click()}
      >
        <UploadIcon aria-hidden="true" />
        {t("restore.choose")}
      </Button>
      <AlertDialog
        open={chosen !== null}
        onOpenChange={(open) => {
          if (!open && !pending) {
            setChosen(null);
            setProblem(null);
          }
        }}
      >
        <AlertDialogContent>
          <div className="grid gap-2">
            <AlertDialogTitle>{t("restore.confirmTitle")}</AlertDialogTitle>
            <AlertDialogDescription>
              {t("restore.confirmFile", {
                file: chosen?.fileName ?? "",
                household: chosen?.householdName ?? "",
                date: when,
              })}
            </AlertDialogDescription>
            <ul className="list-disc space-y-1 ps-5 text-sm text-muted-foreground">
              <li>
                {t("restore.confirmCounts", {
                  entries: chosen?.entries ?? 0,
                  people: chosen?.people ?? 0,
                })}
              </li>
              <li>{t("restore.confirmEmpty")}</li>
              <li>{t("restore.confirmPeople")}</li>
              <li>{t("restore.confirmPlan")}</li>
              <li>{t("restore.confirmOnce")}</li>
            </ul>
            {problem ? (
              <p
                role="alert"
                className="flex gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
              >
                <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <span>{problem}</span>
              </p>
            ) : null}
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogCancel asChild>
              <Button variant="outline" disabled={pending}>
                {t("common:actions.cancel")}
              </Button>
            </AlertDialogCancel>
            <Button disabled={pending} onClick={() => void restore()}>
              {pending ? t("restore.working") : t("restore.confirm")}
            </Button>
          </div>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
