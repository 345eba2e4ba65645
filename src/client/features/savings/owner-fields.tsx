import { useId } from "react";
import { useWatch, type FieldValues, type UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FieldError, FormField } from "#client/components/forms/form-field.tsx";
import { Segmented } from "#client/components/forms/segmented.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { NativeSelect } from "#client/components/ui/select.tsx";
import type { HouseholdMemberRow } from "#client/features/households/households.queries.ts";
import { formatPercentInput, parsePercentBp } from "#client/features/transactions/amount-input.ts";
import { cn } from "#client/lib/cn.ts";
import { useLanguage } from "#client/lib/use-language.ts";
import type { Language } from "#shared/i18n.ts";
import { allocate } from "#shared/money.ts";
import type { OwnerKind } from "#shared/schemas/savings.schema.ts";
import { formatShare } from "./savings-format.ts";

/** One person's row of a shared owner: in or out, and their percentage as typed. */
export type ShareRow = { memberId: string; included: boolean; value: string };

export type OwnerValues = { ownerKind: OwnerKind; memberId: string; shares: ShareRow[] };

/** Equal percentages over the rows that are in, adding up to exactly 100 %. */
export function equalShares(rows: readonly ShareRow[], language: Language): ShareRow[] {
  const count = rows.filter((row) => row.included).length;
  const parts =
    count > 0
      ? allocate(
          10_000,
          rows.filter((row) => row.included).map(() => 1),
        )
      : [];
  let index = 0;
  return rows.map((row) => {
    if (!row.included) return { ...row, value: "" };
    const part = parts[index++];
    return { ...row, value: part === undefined ? "" : formatPercentInput(part, language) };
  });
}

/** The owner fields as the request's `ownerKind`, `memberId` and `shares`. */
export function ownerInput(values: OwnerValues) {
  return {
    ownerKind: values.ownerKind,
    memberId: values.ownerKind === "member" ? values.memberId || null : null,
    shares:
      values.ownerKind === "shared"
        ? values.shares
            .filter((row) => row.included)
            .map((row) => ({
              memberId: row.memberId,
              percentBp:
                row.value.trim() === "" ? Number.NaN : (parsePercentBp(row.value) ?? Number.NaN),
            }))
        : [],
  };
}

type Owner = { kind: OwnerKind; shares: { memberId: string; percentBp: number }[] };

/** A new account's owner: the scope picker's member when one is chosen, else (null) the household. */
export function scopeOwner(scopeMemberId: string | null): Owner | null {
  return scopeMemberId
    ? { kind: "member", shares: [{ memberId: scopeMemberId, percentBp: 10_000 }] }
    : null;
}

/** An owner as form values (new: the household; shares split equally between everyone). */
export function ownerValues(
  owner: Owner | null,
  people: readonly HouseholdMemberRow[],
  language: Language,
  meId: string,
): OwnerValues {
  const shared = owner?.kind === "shared";
  const shareOf = new Map((owner?.shares ?? []).map((share) => [share.memberId, share.percentBp]));
  const rows = people.map((person) => ({
    memberId: person.id,
    included: shared ? shareOf.has(person.id) : true,
    value: "",
  }));
  return {
    ownerKind: owner?.kind ?? "household",
    memberId: owner?.kind === "member" ? (owner.shares[0]?.memberId ?? meId) : meId,
    shares: shared
      ? rows.map((row) => {
          const bp = shareOf.get(row.memberId);
          return { ...row, value: bp === undefined ? "" : formatPercentInput(bp, language) };
        })
      : equalShares(rows, language),
  };
}

/**
 * Who an account belongs to: the household, one person, or people by percentages (like the
 * entry form's split), with what is left to divide. The fields of `form`, a form whose values
 * include `OwnerValues`; `rerun` checks the form again after a change (once it was submitted).
 * `kinds` leaves choices out (a loan's booked payment is one person's or split, never the
 * household's own); `legend` and `whose` name the choice and the person field otherwise.
 */
export function OwnerFields<V extends FieldValues & OwnerValues>({
  form,
  people,
  rerun,
  kinds = ["household", "member", "shared"],
  legend,
  whose,
}: {
  form: UseFormReturn<V>;
  people: readonly HouseholdMemberRow[];
  rerun: () => void;
  kinds?: readonly OwnerKind[];
  legend?: string;
  whose?: string;
}) {
  // The owner's part of the form, typed as such (react-hook-form cannot narrow a generic form).
  const {
    control,
    register,
    setValue,
    formState: { errors },
  } = form as unknown as UseFormReturn<OwnerValues>;
  const { t } = useTranslation("savings");
  const language = useLanguage();
  const uid = useId();
  const [ownerKind, shares] = useWatch({ control, name: ["ownerKind", "shares"] });
  const change = (values: Partial<OwnerValues>) => {
    if (values.ownerKind) setValue("ownerKind", values.ownerKind);
    if (values.shares) setValue("shares", values.shares);
    rerun();
  };
  const options = [
    { value: "household" as const, label: t("owner.household") },
    { value: "member" as const, label: t("owner.onePerson") },
    ...(people.length >= 2 ? [{ value: "shared" as const, label: t("owner.shared") }] : []),
  ].filter((option) => kinds.includes(option.value));
  const total = shares
    .filter((row) => row.included)
    .reduce((sum, row) => sum + (parsePercentBp(row.value) ?? 0), 0);
  const left = 10_000 - total;
  const nameOf = (id: string) => people.find((person) => person.id === id)?.name ?? "";

  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 rounded-lg border p-3">
      <Segmented
        name={`${uid}-owner`}
        legend={legend ?? t("owner.legend")}
        showLegend
        value={ownerKind}
        options={options}
        onChange={(kind) => change({ ownerKind: kind })}
      />
      {ownerKind === "member" ? (
        <FormField label={whose ?? t("owner.whose")} error={errors.memberId?.message}>
          <NativeSelect {...register("memberId", { onChange: rerun })}>
            <option value="">{t("owner.choosePerson")}</option>
            {people.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      ) : null}
      {ownerKind === "household" ? (
        <p className="text-sm text-muted-foreground">{t("owner.householdHint")}</p>
      ) : null}
      {ownerKind === "shared" ? (
        <fieldset className="grid min-w-0 gap-3" aria-describedby={`${uid}-owner-left`}>
          <legend className="sr-only">{t("owner.sharesLegend")}</legend>
          <div className="flex items-center justify-between gap-2">
            <p className="text-sm text-muted-foreground">{t("owner.sharesHint")}</p>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => change({ shares: equalShares(shares, language) })}
            >
              {t("owner.equally")}
            </Button>
          </div>
          <ul className="grid grid-cols-[minmax(0,1fr)] gap-2">
            {shares.map((row, index) => {
              const name = nameOf(row.memberId);
              return (
                <li key={row.memberId} className="flex min-w-0 items-center gap-2">
                  <label className="flex min-w-0 flex-1 items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="size-4 shrink-0 accent-primary"
                      checked={row.included}
                      onChange={(event) =>
                        change({
                          shares: equalShares(
                            shares.map((r, i) =>
                              i === index ? { ...r, included: event.target.checked } : r,
                            ),
                            language,
                          ),
                        })
                      }
                    />
                    <span className="min-w-0 break-words">{name}</span>
                  </label>
                  <div className="relative w-24 shrink-0">
                    <input
                      inputMode="decimal"
                      autoComplete="off"
                      disabled={!row.included}
                      aria-label={t("owner.percentOf", { name })}
                      className="flex h-9 w-full min-w-0 rounded-md border border-input bg-transparent py-1 pr-7 pl-3 text-right text-base tabular-nums shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50 md:text-sm dark:bg-input/30"
                      {...register(`shares.${index}.value`, { onChange: rerun })}
                    />
                    <span
                      aria-hidden="true"
                      className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-muted-foreground"
                    >
                      %
                    </span>
                  </div>
                </li>
              );
            })}
          </ul>
          <p
            id={`${uid}-owner-left`}
            aria-live="polite"
            data-testid="owner-remainder"
            className={cn(
              "text-sm tabular-nums",
              left === 0
                ? "text-emerald-700 dark:text-emerald-400"
                : "text-amber-700 dark:text-amber-400",
            )}
          >
            {left === 0
              ? t("owner.complete")
              : left > 0
                ? t("owner.left", { value: formatShare(left, language) })
                : t("owner.over", { value: formatShare(-left, language) })}
          </p>
          <FieldError id={`${uid}-owner-shares-error`} message={errors.shares?.message} />
        </fieldset>
      ) : null}
    </div>
  );
}
