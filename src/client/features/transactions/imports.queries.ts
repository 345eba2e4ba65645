import { queryOptions, useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { api, unwrap } from "#client/lib/api.ts";
import { invalidateMoney } from "./transactions.queries.ts";

/** The household's imports (decision 031): the history, undo and the undo's undo. */
export const importQueries = {
  all: ["imports"] as const,
  history: () =>
    queryOptions({
      queryKey: [...importQueries.all, "history"] as const,
      queryFn: async () => (await unwrap(api.imports.$get())).items,
      staleTime: 15_000,
    }),
};

export type ImportSummary = Awaited<
  ReturnType<NonNullable<ReturnType<typeof importQueries.history>["queryFn"]>>
>[number];

/** What an import's undo or its undo changes: the money's queries and the history. */
export function invalidateImports(queryClient: QueryClient) {
  return Promise.all([
    invalidateMoney(queryClient),
    queryClient.invalidateQueries({ queryKey: importQueries.all }),
  ]);
}

/**
 * Undoes an import's undo outside any component: the toast's "Undo" is pressed after the
 * dialog that undid the import has closed.
 */
export async function redoImport(queryClient: QueryClient, id: string) {
  try {
    return await unwrap(api.imports[":id"].redo.$post({ param: { id } }));
  } finally {
    await invalidateImports(queryClient);
  }
}

/** An undo or its undo changes entries: the money's queries and the history are read again. */
function useImportChange<TResult>(call: (id: string) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    meta: { handlesErrors: true },
    onSettled: () => invalidateImports(queryClient),
  });
}

export function useUndoImport() {
  return useImportChange((id: string) => unwrap(api.imports[":id"].undo.$post({ param: { id } })));
}

export function useRedoImport() {
  return useImportChange((id: string) => unwrap(api.imports[":id"].redo.$post({ param: { id } })));
}
