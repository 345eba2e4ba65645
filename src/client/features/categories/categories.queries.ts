import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "#client/lib/api.ts";
import type {
  Category,
  CreateCategoryInput,
  EntryKind,
  UpdateCategoryInput,
} from "#shared/schemas/categories.schema.ts";

/**
 * The household's categories. One query holds all of them (archived too); pickers filter it
 * with `activeCategories`, lists of old entries still find an archived category's name and icon.
 */
export const categoryQueries = {
  all: ["categories"] as const,
  list: () =>
    queryOptions({
      queryKey: [...categoryQueries.all, "list"] as const,
      queryFn: async () => {
        const { categories } = await unwrap(
          api.categories.$get({ query: { includeArchived: "true" } }),
        );
        return categories;
      },
      staleTime: 60_000,
    }),
};

export function useCategories() {
  return useQuery(categoryQueries.list());
}

/** The categories a picker offers: not archived, of the kind, by name. */
export function activeCategories(
  categories: readonly Category[] | undefined,
  kind?: EntryKind,
): Category[] {
  return (categories ?? [])
    .filter((category) => !category.archived && (!kind || category.kind === kind))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The categories by id, for showing an entry's category. */
export function categoryMap(categories: readonly Category[] | undefined): Map<string, Category> {
  return new Map((categories ?? []).map((category) => [category.id, category]));
}

/**
 * What changes when categories change: their lists, everything that shows their names, and
 * insurance (the health deductible counts the expenses of health-care categories).
 */
const dependentKeys = [
  ["categories"],
  ["transactions"],
  ["totals"],
  ["budgets"],
  ["recurring"],
  ["insurance"],
] as const;

function useInvalidateCategories() {
  const queryClient = useQueryClient();
  return (everything: boolean) =>
    Promise.all(
      (everything ? dependentKeys : [categoryQueries.all]).map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useCreateCategory() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: (input: CreateCategoryInput) => unwrap(api.categories.$post({ json: input })),
    meta: { handlesErrors: true },
    onSettled: () => invalidate(false),
  });
}

export function useUpdateCategory() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateCategoryInput & { id: string }) =>
      unwrap(api.categories[":id"].$patch({ param: { id }, json: input })),
    meta: { handlesErrors: true },
    onSettled: () => invalidate(true),
  });
}

/** Moves everything of one category into another, which removes the first. */
export function useMergeCategory() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: ({ id, intoCategoryId }: { id: string; intoCategoryId: string }) =>
      unwrap(api.categories[":id"].merge.$post({ param: { id }, json: { intoCategoryId } })),
    meta: { handlesErrors: true },
    onSettled: () => invalidate(true),
  });
}
