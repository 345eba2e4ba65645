import { useQueryClient } from "@tanstack/react-query";
import { BookmarkCheckIcon, LandmarkIcon } from "lucide-react";
import { useEffect, useEffectEvent } from "react";
import { useTranslation } from "react-i18next";
import type { LoadedCsv } from "#client/components/forms/csv-setup.tsx";
import { api, unwrap } from "#client/lib/api.ts";
import { bankName } from "#shared/bank-presets.ts";
import type { ImportSetup } from "#shared/csv-import.ts";
import { importShape } from "#shared/import-shape.ts";
import { importQueries } from "./imports.queries.ts";

/**
 * The bank a file was recognised as and the household's remembered mapping for files of its
 * shape (decision 035): the preview starts from the last mapping the family imported such a file
 * with, ahead of the bank's preset and the guess, and says which it used.
 */

export type RememberedMapping = { setup: ImportSetup; bank: string | null };

const mappingQuery = (shape: string) => ({
  queryKey: [...importQueries.all, "mapping", shape] as const,
  queryFn: async (): Promise<RememberedMapping | null> =>
    (await unwrap(api.imports.mappings[":shape"].$get({ param: { shape } }))).mapping,
  staleTime: 0,
});

/** Whether a remembered setup's columns all exist in the file (a column may have gone). */
const fits = (setup: ImportSetup, width: number) =>
  Object.values(setup.columns).every(
    (index) => index === null || index === undefined || index < width,
  );

/**
 * When a file is loaded, asks for the household's mapping of its shape and hands it to `use`
 * when the file has its columns. A failed question leaves the preset or the guess in place.
 */
export function useRememberedMapping(
  loaded: LoadedCsv | null,
  width: number,
  use: (mapping: RememberedMapping) => void,
) {
  const queryClient = useQueryClient();
  const found = useEffectEvent((mapping: RememberedMapping | null) => {
    if (mapping && fits(mapping.setup, width)) use(mapping);
  });
  useEffect(() => {
    if (!loaded) return;
    let current = true;
    queryClient
      .fetchQuery(mappingQuery(importShape(loaded.text)))
      .then((mapping) => {
        if (current) found(mapping);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [loaded, queryClient]);
}

/** "Recognised: Rabobank", and that the family's last mapping for such files is used. */
export function ImportRecognised({
  bank,
  remembered,
}: {
  bank: string | null;
  remembered: boolean;
}) {
  const { t } = useTranslation("entries");
  if (!bank && !remembered) return null;
  return (
    <section
      className="grid gap-1 rounded-lg border border-sky-300/60 bg-sky-50 p-3 text-sm text-sky-950 dark:border-sky-400/30 dark:bg-sky-400/10 dark:text-sky-50"
      aria-live="polite"
      data-testid="import-recognised"
    >
      {bank ? (
        <p className="flex items-center gap-2 font-medium" data-testid="import-bank">
          <LandmarkIcon className="size-4 shrink-0" aria-hidden="true" />
          {t("import.recognised", { bank: bankName(bank) })}
        </p>
      ) : null}
      {remembered ? (
        <p className="flex items-center gap-2" data-testid="import-remembered">
          <BookmarkCheckIcon className="size-4 shrink-0" aria-hidden="true" />
          {t("import.remembered")}
        </p>
      ) : null}
      <p className="text-xs opacity-80">{t("import.recognisedHint")}</p>
    </section>
  );
}
