import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, unwrap } from "#client/lib/api.ts";
import {
  noContent,
  retryUnlessRefused as retry,
  scopeKey,
  scopeQuery,
  useAreaMutation,
} from "#client/lib/area-queries.ts";
import type {
  Box3Basis,
  Box3SettingsInput,
  CreateTaxItemInput,
  TaxDeadlineInput,
  TaxItemInput,
} from "#shared/schemas/taxes.schema.ts";

/**
 * The taxes area's reads. Every key starts with "taxes", so one invalidation after a change
 * refreshes the years, the year's page and the box 3 estimate.
 */
export const taxesQueries = {
  all: ["taxes"] as const,
  years: () =>
    queryOptions({
      queryKey: ["taxes", "years"] as const,
      queryFn: () => unwrap(api.taxes.years.$get()),
      staleTime: 30_000,
      retry,
    }),
  year: (year: number, member: string | null) =>
    queryOptions({
      queryKey: ["taxes", "year", year, scopeKey(member)] as const,
      queryFn: () =>
        unwrap(
          api.taxes.years[":year"].$get({
            param: { year: String(year) },
            query: scopeQuery(member),
          }),
        ),
      staleTime: 15_000,
      retry,
    }),
  box3: (year: number, member: string | null, basis: Box3Basis | undefined) =>
    queryOptions({
      queryKey: ["taxes", "box3", year, scopeKey(member), basis ?? "default"] as const,
      queryFn: () =>
        unwrap(
          api.taxes.years[":year"].box3.$get({
            param: { year: String(year) },
            query: { ...scopeQuery(member), ...(basis ? { basis } : {}) },
          }),
        ),
      staleTime: 15_000,
      retry,
    }),
  box3Settings: (year: number) =>
    queryOptions({
      queryKey: ["taxes", "box3-settings", year] as const,
      queryFn: () =>
        unwrap(api.taxes.years[":year"]["box3-settings"].$get({ param: { year: String(year) } })),
      staleTime: 30_000,
      retry,
    }),
};

export const useTaxYears = () => useQuery(taxesQueries.years());
export const useTaxYear = (year: number, member: string | null) =>
  useQuery(taxesQueries.year(year, member));
/** The estimate, asked only for a year Hearth has parameters for (`enabled`). */
export const useBox3 = (
  year: number,
  member: string | null,
  basis: Box3Basis | undefined,
  enabled: boolean,
) => useQuery({ ...taxesQueries.box3(year, member, basis), enabled });
export const useBox3Settings = (year: number) => useQuery(taxesQueries.box3Settings(year));

/** The address of a year's CSV for the return, in the scope and the chosen format. */
export function taxExportUrl(
  year: number,
  member: string | null,
  delimiter: string,
  decimal: string,
): string {
  const query = new URLSearchParams({ delimiter, decimal });
  if (member) query.set("member", member);
  return `/api/taxes/years/${year}/export.csv?${query.toString()}`;
}

/** Everything a tax change moves: only the area itself (nothing else reads its records). */
const useTaxesMutation = <TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) =>
  useAreaMutation([taxesQueries.all], mutationFn);

export const useCreateTaxItems = () =>
  useTaxesMutation((input: CreateTaxItemInput) => unwrap(api.taxes.items.$post({ json: input })));

export const useUpdateTaxItem = () =>
  useTaxesMutation(({ id, input }: { id: string; input: TaxItemInput }) =>
    unwrap(api.taxes.items[":id"].$put({ param: { id }, json: input })),
  );

export const useDeleteTaxItem = () =>
  useTaxesMutation((id: string) => noContent(api.taxes.items[":id"].$delete({ param: { id } })));

export const useCreateTaxDeadline = () =>
  useTaxesMutation((input: TaxDeadlineInput) => unwrap(api.taxes.deadlines.$post({ json: input })));

export const useUpdateTaxDeadline = () =>
  useTaxesMutation(({ id, input }: { id: string; input: TaxDeadlineInput }) =>
    unwrap(api.taxes.deadlines[":id"].$put({ param: { id }, json: input })),
  );

export const useDeleteTaxDeadline = () =>
  useTaxesMutation((id: string) =>
    noContent(api.taxes.deadlines[":id"].$delete({ param: { id } })),
  );

export const useSaveBox3Settings = () =>
  useTaxesMutation(({ year, input }: { year: number; input: Box3SettingsInput }) =>
    unwrap(
      api.taxes.years[":year"]["box3-settings"].$put({
        param: { year: String(year) },
        json: input,
      }),
    ),
  );
