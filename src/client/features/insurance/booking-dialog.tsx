import { useForm, type Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DateInput } from "#client/components/forms/date-input.tsx";
import { toast } from "#client/lib/toast.ts";
import { FormDialog, FormDialogFooter } from "#client/components/forms/form-dialog.tsx";
import { FormField } from "#client/components/forms/form-field.tsx";
import { schemaResolver } from "#client/components/forms/schema-resolver.ts";
import { showServerErrors } from "#client/components/forms/server-errors.ts";
import { Input } from "#client/components/ui/input.tsx";
import { NativeSelect } from "#client/components/ui/select.tsx";
import type { Account } from "#client/features/account/account.queries.ts";
import { activeCategories, useCategories } from "#client/features/categories/categories.queries.ts";
import type { HouseholdMemberRow } from "#client/features/households/households.queries.ts";
import { errorText } from "#client/features/income-spending/money-format.ts";
import type { NameOf } from "#client/features/savings/savings-format.ts";
import { usePeople } from "#client/features/savings/use-people.ts";
import { nextPremiumOn } from "#shared/insurance-math.ts";
import type { Category } from "#shared/schemas/categories.schema.ts";
import { policyBookingInputSchema, type Policy } from "#shared/schemas/insurance.schema.ts";
import { today, useInsuranceFormat } from "./insurance-format.ts";
import { useBookPremium } from "./insurance.queries.ts";

type BookingValues = {
  categoryId: string;
  paidByMemberId: string;
  startDate: string;
  merchant: string;
};

/** The form's values as the booking request: empty fields left to the server's defaults. */
function bookingInput(values: BookingValues) {
  return {
    categoryId: values.categoryId,
    paidByMemberId: values.paidByMemberId === "" ? null : values.paidByMemberId,
    startDate: values.startDate === "" ? undefined : values.startDate,
    merchant: values.merchant.trim() === "" ? null : values.merchant.trim(),
  };
}

const fieldOfPath: Record<string, Path<BookingValues>> = {
  categoryId: "categoryId",
  paidByMemberId: "paidByMemberId",
  startDate: "startDate",
  merchant: "merchant",
};
const fieldOf = (path: string): Path<BookingValues> =>
  fieldOfPath[path.split(".")[0] ?? ""] ?? "categoryId";
const resolver = schemaResolver(policyBookingInputSchema, bookingInput, fieldOf);

/**
 * "Book the premium": as a recurring expense at the policy's frequency, split between the people
 * it covers by their parts — its category (the household's Insurance one by default; never a
 * health-care one, or the premium would count against the deductible), who pays it, from which
 * premium, and the merchant (the insurer). A later change of premium rewrites it from its date.
 */
export function BookingDialog({
  account,
  policy,
  onClose,
}: {
  account: Account;
  policy: Policy;
  onClose: () => void;
}) {
  const { t } = useTranslation("insurance");
  const format = useInsuranceFormat();
  const { people, nameOf, loading } = usePeople(account);
  const categories = useCategories();
  return (
    <FormDialog
      title={t("booking.dialogTitle")}
      description={t("booking.dialogDescription", {
        kind: format.kind(policy.kind),
        insurer: policy.insurer,
        premium: format.premium(policy.premium.premiumCents, policy.frequency),
      })}
      closeLabel={t("close")}
      testId="policy-booking-dialog"
      loading={loading || categories.isPending}
      onClose={onClose}
    >
      <BookingForm
        policy={policy}
        people={people}
        meId={account.member.id}
        nameOf={nameOf}
        categories={activeCategories(categories.data, "expense")}
        onDone={onClose}
      />
    </FormDialog>
  );
}

function BookingForm({
  policy,
  people,
  meId,
  nameOf,
  categories,
  onDone,
}: {
  policy: Policy;
  people: readonly HouseholdMemberRow[];
  meId: string;
  nameOf: NameOf;
  categories: Category[];
  onDone: () => void;
}) {
  const { t } = useTranslation("insurance");
  const format = useInsuranceFormat();
  const book = useBookPremium();
  const covered = policy.parts.map((part) => part.memberId);
  const payer =
    covered.length === 1 ? (covered[0] ?? meId) : covered.includes(meId) ? meId : covered[0];
  const {
    register,
    setError,
    handleSubmit,
    trigger,
    formState: { errors, isSubmitting, isSubmitted },
  } = useForm<BookingValues>({
    resolver,
    defaultValues: {
      categoryId: categories.find((category) => category.defaultKey === "insurance")?.id ?? "",
      paidByMemberId: payer ?? meId,
      startDate: nextPremiumOn(policy, today()) ?? "",
      merchant: policy.insurer,
    },
  });
  const rerun = () => {
    if (isSubmitted) void trigger();
  };
  const onSubmit = handleSubmit(async (values) => {
    try {
      await book.mutateAsync({ id: policy.id, input: bookingInput(values) });
      toast.success(t("booking.done", { kind: format.kind(policy.kind), insurer: policy.insurer }));
      onDone();
    } catch (error) {
      if (showServerErrors(error, setError, fieldOf)) return;
      toast.error(t("booking.failed"), { description: errorText(t, error) });
    }
  });
  const split =
    policy.parts.length <= 1
      ? t("booking.splitOne", { name: nameOf(covered[0] ?? meId) })
      : t("booking.splitParts", {
          parts: policy.parts
            .map((part) => `${nameOf(part.memberId)} ${format.money(part.premiumCents)}`)
            .join(" · "),
        });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid min-w-0 gap-4">
      <FormField
        label={t("booking.category")}
        hint={t("booking.categoryHint")}
        error={errors.categoryId?.message}
      >
        <NativeSelect autoFocus {...register("categoryId", { onChange: rerun })}>
          <option value="">{t("booking.chooseCategory")}</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label={t("booking.paidBy")} error={errors.paidByMemberId?.message}>
          <NativeSelect {...register("paidByMemberId", { onChange: rerun })}>
            {people.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          label={t("booking.startDate")}
          hint={t("booking.startHint")}
          error={errors.startDate?.message}
        >
          <DateInput
            min={policy.startDate}
            max={policy.endsOn ?? undefined}
            {...register("startDate", { onChange: rerun })}
          />
        </FormField>
      </div>
      <FormField label={t("booking.merchant")} error={errors.merchant?.message}>
        <Input autoComplete="off" {...register("merchant", { onChange: rerun })} />
      </FormField>
      <p className="text-sm text-muted-foreground text-pretty" data-testid="booking-split">
        {split} {t("booking.follows")}
      </p>
      <FormDialogFooter
        cancelLabel={t("cancel")}
        onCancel={onDone}
        pending={isSubmitting || book.isPending}
      >
        {t("booking.submit")}
      </FormDialogFooter>
    </form>
  );
}
