import { RepeatIcon, SaveIcon, Trash2Icon } from "lucide-react";
import { useId, useLayoutEffect, useRef, useState } from "react";
import {
  Controller,
  useForm,
  useWatch,
  type Resolver,
  type UseFormRegisterReturn,
} from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { DateInput } from "#client/components/forms/date-input.tsx";
import { enterSaves } from "#client/components/forms/enter-saves.ts";
import { FieldError, FormField } from "#client/components/forms/form-field.tsx";
import { MoneyInput } from "#client/components/forms/number-inputs.tsx";
import { schemaResolver } from "#client/components/forms/schema-resolver.ts";
import { Segmented } from "#client/components/forms/segmented.tsx";
import { showServerErrors } from "#client/components/forms/server-errors.ts";
import { SubmitButton } from "#client/components/forms/submit-button.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.tsx";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from "#client/components/ui/dialog.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { NativeSelect } from "#client/components/ui/select.tsx";
import { Textarea } from "#client/components/ui/textarea.tsx";
import { CategoryIconTile } from "#client/features/categories/category-badge.tsx";
import type { HouseholdMemberRow } from "#client/features/households/households.queries.ts";
import { ApiError } from "#client/lib/api.ts";
import { cn } from "#client/lib/cn.ts";
import { useLanguage } from "#client/lib/use-language.ts";
import { today } from "#shared/dates.ts";
import type { Language } from "#shared/i18n.ts";
import { allocate, formatMoney, parseMoney } from "#shared/money.ts";
import { frequencies, type Frequency } from "#shared/recurrence.ts";
import type { Category, EntryKind } from "#shared/schemas/categories.schema.ts";
import { recurringRuleInputSchema } from "#shared/schemas/recurring.schema.ts";
import {
  entryInputSchema,
  type EntryInput,
  type MerchantSuggestion,
  type Transaction,
} from "#shared/schemas/transactions.schema.ts";
import {
  amountForSchema,
  formatCentsInput,
  formatPercentInput,
  parsePercentBp,
} from "./amount-input.ts";
import { useAmountHint } from "./amount-hint.ts";
import { MerchantField } from "./merchant-field.tsx";
import {
  useCreateEntry,
  useCreateRecurring,
  useDeleteEntries,
  useEditFollowing,
  useRestoreEntries,
  useUpdateEntry,
} from "./transactions.queries.ts";

type ShareRow = { memberId: string; included: boolean; value: string };

export type EntryFormValues = {
  kind: EntryKind;
  amount: string;
  occurredOn: string;
  categoryId: string;
  merchant: string;
  notes: string;
  assignment: "personal" | "split";
  splitBy: "percent" | "amount";
  memberId: string;
  payerId: string;
  shares: ShareRow[];
  repeat: boolean;
  frequency: Frequency;
  endDate: string;
};

type FieldName = keyof EntryFormValues;

/** The form's field that shows a schema path's message. */
const fieldOfPath: Record<string, FieldName> = {
  kind: "kind",
  amountCents: "amount",
  occurredOn: "occurredOn",
  categoryId: "categoryId",
  merchant: "merchant",
  notes: "notes",
  memberId: "memberId",
  paidByMemberId: "payerId",
  receivedByMemberId: "payerId",
  shares: "shares",
  splitMode: "shares",
  frequency: "frequency",
  endDate: "endDate",
};

/** Equal percentages for `count` members that add up to exactly 100 %. */
function equalPercents(count: number): number[] {
  return count > 0
    ? allocate(
        10_000,
        Array.from({ length: count }, () => 1),
      )
    : [];
}

function equalShareRows(
  rows: readonly ShareRow[],
  splitBy: "percent" | "amount",
  totalCents: number | null,
  language: Language,
): ShareRow[] {
  const included = rows.filter((row) => row.included).length;
  const parts =
    splitBy === "percent"
      ? equalPercents(included)
      : totalCents && included > 0
        ? allocate(
            totalCents,
            Array.from({ length: included }, () => 1),
          )
        : [];
  let index = 0;
  return rows.map((row) => {
    if (!row.included) return { ...row, value: "" };
    const part = parts[index++];
    if (part === undefined) return { ...row, value: "" };
    return {
      ...row,
      value:
        splitBy === "percent"
          ? formatPercentInput(part, language)
          : formatCentsInput(part, language),
    };
  });
}

/**
 * Split by amounts: when every included share but one has been typed by the person, that one
 * gets what remains of the total (never less than nothing). `typed` names the members whose
 * share was typed; null when there is nothing to fill in (more than one open, no total, a typed
 * share that is not an amount).
 */
export function fillRemainder(
  rows: readonly ShareRow[],
  typed: readonly string[],
  totalCents: number | null,
  language: Language,
): ShareRow[] | null {
  if (totalCents === null || totalCents <= 0) return null;
  const open = rows.filter((row) => row.included && !typed.includes(row.memberId));
  if (open.length !== 1 || rows.filter((row) => row.included).length < 2) return null;
  let sum = 0;
  for (const row of rows) {
    if (!row.included || !typed.includes(row.memberId)) continue;
    const cents = parseMoney(row.value);
    if (cents === null) return null;
    sum += cents;
  }
  const rest = formatCentsInput(Math.max(totalCents - sum, 0), language);
  return rows.map((row) => (row === open[0] ? { ...row, value: rest } : row));
}

/** The request the form's values make (also what the schema checks). */
export function toEntryInput(values: EntryFormValues): EntryInput {
  const included = values.shares.filter((row) => row.included);
  const split = values.assignment === "split";
  const payer = values.payerId || null;
  return {
    kind: values.kind,
    amountCents: amountForSchema(values.amount) as number,
    occurredOn: values.occurredOn,
    categoryId: values.categoryId,
    merchant: values.merchant,
    notes: values.notes,
    splitMode: split ? values.splitBy : "personal",
    memberId: split ? null : values.memberId || null,
    paidByMemberId: values.kind === "expense" ? payer : null,
    receivedByMemberId: values.kind === "income" ? payer : null,
    shares: split
      ? included.map((row) =>
          values.splitBy === "percent"
            ? {
                memberId: row.memberId,
                ...(row.value.trim() === ""
                  ? {}
                  : { percentBp: parsePercentBp(row.value) ?? Number.NaN }),
              }
            : {
                memberId: row.memberId,
                ...(row.value.trim() === "" ? {} : { amountCents: amountForSchema(row.value) }),
              },
        )
      : [],
  };
}

const fieldOf = (path: string): FieldName => fieldOfPath[path.split(".")[0] ?? ""] ?? "amount";
const oneEntryResolver = schemaResolver(entryInputSchema, toEntryInput, fieldOf);
const recurringResolver = schemaResolver(
  recurringRuleInputSchema,
  (values: EntryFormValues) => ({
    ...toEntryInput(values),
    frequency: values.frequency,
    endDate: values.endDate || null,
  }),
  fieldOf,
);

/** Checks the values with the shared schemas (the server's own rules) and names the fields. */
const entryResolver: Resolver<EntryFormValues> = (values, context, options) =>
  (values.repeat ? recurringResolver : oneEntryResolver)(values, context, options);

/** An existing entry as the form's values. */
function valuesOfEntry(
  entry: Transaction,
  people: readonly HouseholdMemberRow[],
  language: Language,
  meId: string,
): EntryFormValues {
  const split = entry.splitMode !== "personal";
  const shareOf = new Map(entry.shares.map((share) => [share.memberId, share]));
  const kind: EntryKind = entry.kind === "income" ? "income" : "expense";
  return {
    kind,
    amount: formatCentsInput(entry.amountCents, language),
    occurredOn: entry.occurredOn,
    categoryId: entry.categoryId ?? "",
    merchant: entry.merchant ?? "",
    notes: entry.notes ?? "",
    assignment: split ? "split" : "personal",
    splitBy: entry.splitMode === "amount" ? "amount" : "percent",
    memberId: split ? meId : (entry.shares[0]?.memberId ?? meId),
    payerId: (kind === "expense" ? entry.paidByMemberId : entry.receivedByMemberId) ?? meId,
    shares: people.map((person) => {
      const share = shareOf.get(person.id);
      if (!split || !share) return { memberId: person.id, included: !split, value: "" };
      return {
        memberId: person.id,
        included: true,
        value:
          entry.splitMode === "amount"
            ? formatCentsInput(share.amountCents, language)
            : formatPercentInput(share.percentBp ?? 0, language),
      };
    }),
    repeat: false,
    frequency: "monthly",
    endDate: "",
  };
}

function newValues(
  kind: EntryKind,
  people: readonly HouseholdMemberRow[],
  language: Language,
  meId: string,
): EntryFormValues {
  return {
    kind,
    amount: "",
    occurredOn: today(),
    categoryId: "",
    merchant: "",
    notes: "",
    assignment: "personal",
    splitBy: "percent",
    memberId: meId,
    payerId: meId,
    shares: equalShareRows(
      people.map((person) => ({ memberId: person.id, included: true, value: "" })),
      "percent",
      null,
      language,
    ),
    repeat: false,
    frequency: "monthly",
    endDate: "",
  };
}

/** A choice of one of the household's people (whose entry; who paid or received), with its error. */
function MemberSelect({
  label,
  placeholder,
  people,
  error,
  registration,
}: {
  label: string;
  placeholder: string;
  people: readonly { id: string; name: string }[];
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <FormField label={label} error={error}>
      <NativeSelect {...registration}>
        <option value="">{placeholder}</option>
        {people.map((person) => (
          <option key={person.id} value={person.id}>
            {person.name}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}

/**
 * The form of an income or expense entry: new (optionally repeating) or an existing one.
 * Every message comes from the shared schemas, in the language on screen.
 */
export function EntryForm({
  entry,
  initialKind,
  people,
  categories,
  meId,
  onDone,
  onPutAside,
  typedAhead,
}: {
  entry: Transaction | null;
  initialKind: EntryKind;
  people: readonly HouseholdMemberRow[];
  categories: readonly Category[];
  meId: string;
  onDone: () => void;
  /** A new entry where the plan opens savings: "Put aside" switches to a deposit instead. */
  onPutAside?: (() => void) | undefined;
  /**
   * What the person typed while the form was loading (entry-dialog.tsx): the amount field,
   * which takes the focus, starts with it, the cursor after it.
   */
  typedAhead?: string | undefined;
}) {
  const { t } = useTranslation("entries");
  const language = useLanguage();
  const uid = useId();
  const create = useCreateEntry();
  const createRecurring = useCreateRecurring();
  const update = useUpdateEntry();
  const editFollowing = useEditFollowing();
  const remove = useDeleteEntries();
  const restore = useRestoreEntries();
  const [scopeChoice, setScopeChoice] = useState<EntryInput | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  /** Split by amounts: the members whose share the person typed (the last one is filled in). */
  const [typedShares, setTypedShares] = useState<readonly string[]>([]);

  const form = useForm<EntryFormValues>({
    resolver: entryResolver,
    defaultValues: entry
      ? valuesOfEntry(entry, people, language, meId)
      : newValues(initialKind, people, language, meId),
  });
  const {
    register,
    control,
    setValue,
    getValues,
    setError,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;
  const values = useWatch({ control }) as EntryFormValues;
  // Set as typing it would have (a value the person changed), before the first paint and before
  // another key can reach the field; after useWatch subscribed, so the hint shows it at once.
  useLayoutEffect(() => {
    if (typedAhead) setValue("amount", typedAhead, { shouldDirty: true });
  }, [typedAhead, setValue]);
  const kind = values.kind;
  const totalCents = parseMoney(values.amount ?? "");
  const amountHint = useAmountHint(values.amount);
  const kindCategories = categories.filter(
    (category) =>
      category.kind === kind && (!category.archived || category.id === values.categoryId),
  );
  const selectedCategory = categories.find((category) => category.id === values.categoryId);

  const rerunChecks = () => {
    if (form.formState.isSubmitted) void form.trigger();
  };

  const setKind = (next: EntryKind) => {
    setValue("kind", next);
    const current = categories.find((category) => category.id === getValues("categoryId"));
    if (current && current.kind !== next) setValue("categoryId", "");
    rerunChecks();
  };

  const setShares = (rows: ShareRow[]) => {
    setValue("shares", rows);
    setTypedShares([]);
    rerunChecks();
  };

  /** Fills in the one share amount not typed yet with what remains, from `typed`. */
  const refillRemainder = (typed: readonly string[]) => {
    if (getValues("assignment") !== "split" || getValues("splitBy") !== "amount") return;
    const rows = fillRemainder(
      getValues("shares"),
      typed,
      parseMoney(getValues("amount") ?? ""),
      language,
    );
    if (rows) setValue("shares", rows);
  };

  const shareTyped = (index: number) => {
    const memberId = getValues("shares")[index]?.memberId;
    if (memberId !== undefined && getValues("splitBy") === "amount") {
      const typed = typedShares.includes(memberId) ? typedShares : [...typedShares, memberId];
      setTypedShares(typed);
      refillRemainder(typed);
    }
    rerunChecks();
  };

  /** The category a picked merchant proposed (replaced by the next pick, never a chosen one). */
  const proposedCategory = useRef<string | null>(null);
  const proposeCategory = (suggestion: MerchantSuggestion) => {
    const current = getValues("categoryId");
    if (current !== "" && current !== proposedCategory.current) return;
    const category = kindCategories.find((item) => item.id === suggestion.categoryId);
    if (!category || category.archived || category.id === current) return;
    setValue("categoryId", category.id);
    proposedCategory.current = category.id;
    rerunChecks();
  };

  const splitEqually = () =>
    setShares(equalShareRows(getValues("shares"), getValues("splitBy"), totalCents, language));

  const failed = (error: unknown) => {
    if (showServerErrors(error, setError, fieldOf)) return;
    toast.error(t("toasts.saveFailed"), {
      description: error instanceof ApiError ? t(`common:errors.${error.code}`) : undefined,
    });
  };

  const save = async (input: EntryInput, scope: "one" | "following" | null) => {
    try {
      if (entry && scope === "following") {
        await editFollowing.mutateAsync({ id: entry.id, input });
        toast.success(t("toasts.seriesUpdated"));
      } else if (entry) {
        await update.mutateAsync({ id: entry.id, input });
        toast.success(t("toasts.updated"));
      } else if (getValues("repeat")) {
        await createRecurring.mutateAsync({
          ...input,
          frequency: getValues("frequency"),
          endDate: getValues("endDate") || null,
        });
        toast.success(t("toasts.recurringAdded"));
      } else {
        await create.mutateAsync(input);
        toast.success(input.kind === "income" ? t("toasts.incomeAdded") : t("toasts.added"));
      }
      onDone();
    } catch (error) {
      failed(error);
    }
  };

  const onSubmit = handleSubmit(async (formValues) => {
    const input = toEntryInput(formValues);
    if (entry?.recurringRuleId) {
      setScopeChoice(input);
      return;
    }
    await save(input, null);
  });

  const onDelete = async () => {
    if (!entry) return;
    try {
      await remove.mutateAsync([entry.id]);
    } catch (error) {
      failed(error);
      return;
    }
    setConfirmDelete(false);
    onDone();
    toast.success(t("toasts.deleted", { count: 1 }), {
      action: {
        label: t("actions.undo"),
        onClick: () => {
          restore.mutate([entry.id], {
            onSuccess: () => toast.success(t("toasts.restored", { count: 1 })),
          });
        },
      },
    });
  };

  // The live remainder of a split.
  const included = (values.shares ?? []).filter((row) => row.included);
  const percentParts = included.map((row) => parsePercentBp(row.value) ?? 0);
  const percentSum = percentParts.reduce((a, b) => a + b, 0);
  const amountSum = included.reduce((sum, row) => sum + (parseMoney(row.value) ?? 0), 0);
  const allocated =
    values.splitBy === "percent" && totalCents && totalCents > 0 && percentSum > 0
      ? allocate(totalCents, percentParts)
      : null;
  const remainder =
    values.splitBy === "percent" ? 10_000 - percentSum : (totalCents ?? 0) - amountSum;
  const remainderText =
    values.splitBy === "percent"
      ? `${formatPercentInput(Math.abs(remainder), language)}%`
      : formatMoney(Math.abs(remainder), language);
  const nameOf = (memberId: string) =>
    people.find((person) => person.id === memberId)?.name ?? t("form.formerMember");
  /** The people to choose from, with a former member an old entry still names (the server keeps them). */
  const choicesFor = (current: string | undefined) =>
    current && !people.some((person) => person.id === current)
      ? [...people, { id: current, name: t("form.formerMember") }]
      : people;
  const busy =
    isSubmitting ||
    create.isPending ||
    update.isPending ||
    createRecurring.isPending ||
    editFollowing.isPending;
  let includedIndex = 0;

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      onKeyDown={enterSaves}
      noValidate
      className="flex min-h-0 min-w-0 flex-1 flex-col"
      aria-label={entry ? t("form.editTitle") : t("form.addTitle")}
    >
      {/* The fields scroll within the dialog; the buttons below them stay in view. */}
      <div
        className="grid min-h-0 min-w-0 gap-4 overflow-y-auto px-6 pt-1 pb-4"
        data-testid="entry-form-body"
      >
        <Segmented
          name={`${uid}-kind`}
          legend={t("form.kind")}
          value={kind as EntryKind | "put-aside"}
          options={[
            { value: "expense", label: t("kinds.expense") },
            { value: "income", label: t("kinds.income") },
            ...(onPutAside ? [{ value: "put-aside" as const, label: t("kinds.putAside") }] : []),
          ]}
          onChange={(next) => (next === "put-aside" ? onPutAside?.() : setKind(next))}
        />

        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField
            label={t("form.amount")}
            error={errors.amount?.message}
            hint={errors.amount ? undefined : amountHint}
          >
            <MoneyInput
              autoFocus
              {...register("amount", {
                onChange: () => {
                  refillRemainder(typedShares);
                  rerunChecks();
                },
              })}
            />
          </FormField>
          <FormField label={t("form.date")} error={errors.occurredOn?.message}>
            <DateInput {...register("occurredOn")} />
          </FormField>
        </div>

        <FormField
          label={kind === "income" ? t("form.source") : t("form.merchant")}
          error={errors.merchant?.message}
        >
          {(fieldControl) => (
            <Controller
              control={control}
              name="merchant"
              render={({ field }) => (
                <MerchantField
                  {...fieldControl}
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  onPick={proposeCategory}
                  kind={kind}
                  categories={categories}
                  placeholder={kind === "income" ? t("form.sourceHint") : t("form.merchantHint")}
                />
              )}
            />
          )}
        </FormField>

        <FormField label={t("form.category")} error={errors.categoryId?.message}>
          {(control) => (
            <div className="flex items-center gap-2">
              <CategoryIconTile
                icon={selectedCategory?.icon ?? "tag"}
                color={selectedCategory?.color ?? "slate"}
                size="md"
                className="size-9"
              />
              <div className="min-w-0 flex-1">
                <NativeSelect
                  {...control}
                  {...register("categoryId", {
                    onChange: () => {
                      proposedCategory.current = null;
                      rerunChecks();
                    },
                  })}
                >
                  <option value="">{t("form.chooseCategory")}</option>
                  {kindCategories.map((category) => (
                    <option key={category.id} value={category.id}>
                      {category.name}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            </div>
          )}
        </FormField>

        <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 rounded-lg border p-3">
          <Segmented
            name={`${uid}-assignment`}
            legend={t("form.assignment")}
            value={values.assignment}
            options={[
              { value: "personal", label: t("form.personal") },
              { value: "split", label: t("form.split") },
            ]}
            onChange={(next) => {
              setValue("assignment", next);
              rerunChecks();
            }}
          />
          {values.assignment === "personal" ? (
            <MemberSelect
              label={kind === "income" ? t("form.incomeOf") : t("form.expenseOf")}
              placeholder={t("form.chooseMember")}
              people={choicesFor(values.memberId)}
              error={errors.memberId?.message}
              registration={register("memberId", { onChange: rerunChecks })}
            />
          ) : (
            <fieldset className="grid min-w-0 gap-3" aria-describedby={`${uid}-remainder`}>
              <legend className="sr-only">{t("form.splitBetween")}</legend>
              <div className="flex min-w-0 flex-wrap items-center justify-between gap-2">
                <Segmented
                  name={`${uid}-split-by`}
                  legend={t("form.splitBy")}
                  value={values.splitBy}
                  className="min-w-44 flex-1"
                  options={[
                    { value: "percent", label: t("form.byPercent") },
                    { value: "amount", label: t("form.byAmount") },
                  ]}
                  onChange={(next) => {
                    setValue("splitBy", next);
                    setShares(equalShareRows(getValues("shares"), next, totalCents, language));
                  }}
                />
                <Button type="button" variant="outline" size="sm" onClick={splitEqually}>
                  {t("form.splitEqually")}
                </Button>
              </div>
              <ul className="grid grid-cols-[minmax(0,1fr)] gap-2">
                {(values.shares ?? []).map((row, index) => {
                  const part = row.included ? allocated?.[includedIndex++] : undefined;
                  const name = nameOf(row.memberId);
                  return (
                    <li key={row.memberId} className="flex min-w-0 items-center gap-2">
                      <label className="flex min-w-0 flex-1 items-center gap-2 text-sm">
                        <input
                          type="checkbox"
                          className="size-4 shrink-0 accent-primary"
                          checked={row.included}
                          onChange={(event) => {
                            const rows = getValues("shares").map((r, i) =>
                              i === index ? { ...r, included: event.target.checked } : r,
                            );
                            setShares(
                              equalShareRows(rows, getValues("splitBy"), totalCents, language),
                            );
                          }}
                        />
                        <span className="min-w-0 break-words">{name}</span>
                      </label>
                      {values.splitBy === "percent" && part !== undefined ? (
                        <span className="shrink-0 text-right text-xs text-muted-foreground tabular-nums">
                          {formatMoney(part, language)}
                        </span>
                      ) : null}
                      <div className="relative w-24 shrink-0">
                        <Input
                          inputMode="decimal"
                          autoComplete="off"
                          disabled={!row.included}
                          aria-label={
                            values.splitBy === "percent"
                              ? t("form.percentOf", { name })
                              : t("form.amountOf", { name })
                          }
                          className={cn(
                            "text-right tabular-nums",
                            values.splitBy === "percent" ? "pr-7" : "pl-7",
                          )}
                          {...register(`shares.${index}.value`, {
                            onChange: () => shareTyped(index),
                          })}
                        />
                        <span
                          aria-hidden="true"
                          className={cn(
                            "pointer-events-none absolute top-1/2 -translate-y-1/2 text-sm text-muted-foreground",
                            values.splitBy === "percent" ? "right-3" : "left-3",
                          )}
                        >
                          {values.splitBy === "percent" ? "%" : "€"}
                        </span>
                      </div>
                    </li>
                  );
                })}
              </ul>
              <p
                id={`${uid}-remainder`}
                aria-live="polite"
                data-testid="split-remainder"
                className={cn(
                  "text-sm tabular-nums",
                  remainder === 0
                    ? "text-emerald-700 dark:text-emerald-400"
                    : "text-amber-700 dark:text-amber-400",
                )}
              >
                {remainder === 0
                  ? t("form.splitComplete")
                  : remainder > 0
                    ? t("form.remaining", { value: remainderText })
                    : t("form.over", { value: remainderText })}
              </p>
              <FieldError id={`${uid}-shares-error`} message={errors.shares?.message} />
            </fieldset>
          )}
          <MemberSelect
            label={kind === "income" ? t("form.receivedBy") : t("form.paidBy")}
            placeholder={t("form.chooseMember")}
            people={choicesFor(values.payerId)}
            error={errors.payerId?.message}
            registration={register("payerId", { onChange: rerunChecks })}
          />
        </div>

        <FormField label={t("form.notes")} error={errors.notes?.message}>
          <Textarea rows={2} {...register("notes")} />
        </FormField>

        {entry ? null : (
          <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3 rounded-lg border p-3">
            <label className="flex items-center gap-2 text-sm font-medium">
              <input type="checkbox" className="size-4 accent-primary" {...register("repeat")} />
              <RepeatIcon className="size-4 text-muted-foreground" aria-hidden="true" />
              {t("form.repeat")}
            </label>
            {values.repeat ? (
              <div className="grid items-start gap-3 sm:grid-cols-2">
                <FormField label={t("form.frequency")} error={errors.frequency?.message}>
                  <NativeSelect {...register("frequency")}>
                    {frequencies.map((frequency) => (
                      <option key={frequency} value={frequency}>
                        {t(`frequencies.${frequency}`)}
                      </option>
                    ))}
                  </NativeSelect>
                </FormField>
                <FormField label={t("form.endDate")} error={errors.endDate?.message}>
                  <DateInput {...register("endDate")} />
                </FormField>
              </div>
            ) : null}
          </div>
        )}
      </div>

      <div className="flex shrink-0 flex-col-reverse gap-2 border-t px-6 py-4 sm:flex-row sm:items-center">
        {entry ? (
          <Button
            type="button"
            variant="ghost"
            className="text-destructive hover:text-destructive sm:mr-auto"
            onClick={() => setConfirmDelete(true)}
          >
            <Trash2Icon aria-hidden="true" />
            {t("actions.delete")}
          </Button>
        ) : null}
        <Button type="button" variant="outline" className="sm:ml-auto" onClick={onDone}>
          {t("common:actions.cancel")}
        </Button>
        <SubmitButton pending={busy} icon={<SaveIcon aria-hidden="true" />}>
          {entry ? t("actions.saveChanges") : t("actions.save")}
        </SubmitButton>
      </div>

      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t("delete.title", { count: 1 })}
        description={t("delete.description", { count: 1 })}
        confirmLabel={t("actions.delete")}
        pending={remove.isPending}
        onConfirm={() => void onDelete()}
      />

      <AlertDialog
        open={scopeChoice !== null}
        onOpenChange={(open) => !open && setScopeChoice(null)}
      >
        <AlertDialogContent>
          <div className="grid gap-2">
            <AlertDialogTitle>{t("occurrence.title")}</AlertDialogTitle>
            <AlertDialogDescription>{t("occurrence.description")}</AlertDialogDescription>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogCancel asChild>
              <Button variant="ghost">{t("common:actions.cancel")}</Button>
            </AlertDialogCancel>
            <Button
              variant="outline"
              disabled={busy}
              onClick={() => {
                const input = scopeChoice;
                setScopeChoice(null);
                if (input) void save(input, "following");
              }}
            >
              {t("occurrence.following")}
            </Button>
            <Button
              disabled={busy}
              onClick={() => {
                const input = scopeChoice;
                setScopeChoice(null);
                if (input) void save(input, "one");
              }}
            >
              {t("occurrence.onlyThis")}
            </Button>
          </div>
        </AlertDialogContent>
      </AlertDialog>
    </form>
  );
}
