import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { api, unwrap } from "#client/lib/api.ts";
import { noContent } from "#client/lib/area-queries.ts";
import type {
  CategoryPreviewInput,
  CreateCategoryRuleInput,
  UpdateCategoryRuleInput,
} from "#shared/schemas/category-rules.schema.ts";

/** The household's category rules (decision 037), and what an import's preview asks of them. */
export const categoryRuleQueries = {
  all: ["category-rules"] as const,
  list: () =>
    queryOptions({
      queryKey: [...categoryRuleQueries.all, "list"] as const,
      queryFn: async () => (await unwrap(api["category-rules"].$get())).rules,
      staleTime: 60_000,
    }),
  preview: (input: CategoryPreviewInput) =>
    queryOptions({
      queryKey: [...categoryRuleQueries.all, "preview", input] as const,
      queryFn: () => unwrap(api["category-rules"].preview.$post({ json: input })),
      staleTime: 60_000,
      placeholderData: keepPreviousData,
    }),
};

export function useCategoryRules() {
  return useQuery(categoryRuleQueries.list());
}

/** Where an import's shown rows go by a rule or a past entry, and which file names are new. */
export function useCategoryPreview(input: CategoryPreviewInput | null) {
  return useQuery({
    ...categoryRuleQueries.preview(input ?? { rows: [], names: [] }),
    enabled: input !== null,
  });
}

function useInvalidateRules() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: categoryRuleQueries.all });
}

export function useCreateCategoryRule() {
  const invalidate = useInvalidateRules();
  return useMutation({
    mutationFn: (input: CreateCategoryRuleInput) =>
      unwrap(api["category-rules"].$post({ json: input })),
    meta: { handlesErrors: true },
    onSettled: invalidate,
  });
}

export function useUpdateCategoryRule() {
  const invalidate = useInvalidateRules();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateCategoryRuleInput & { id: string }) =>
      unwrap(api["category-rules"][":id"].$patch({ param: { id }, json: input })),
    meta: { handlesErrors: true },
    onSettled: invalidate,
  });
}

export function useDeleteCategoryRule() {
  const invalidate = useInvalidateRules();
  return useMutation({
    mutationFn: (id: string) => noContent(api["category-rules"][":id"].$delete({ param: { id } })),
    meta: { handlesErrors: true },
    onSettled: invalidate,
  });
}

/** Re-files existing entries without a category of their own; entries and totals change. */
export function useApplyCategoryRules() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api["category-rules"].apply.$post()),
    meta: { handlesErrors: true },
    onSettled: () =>
      Promise.all(
        [["transactions"], ["totals"], ["budgets"], ["insurance"], ["dashboard"]].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
