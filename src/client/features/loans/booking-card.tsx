import { ArrowRightIcon, CircleStopIcon, RepeatIcon } from "lucide-react";
import { useState } from "react";
import { useForm, type Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DateInput } from "#client/components/forms/date-input.tsx";
import { toast } from "#client/lib/toast.ts";
import { FormDialog, FormDialogFooter } from "#client/components/forms/form-dialog.tsx";
import { FormField } from "#client/components/forms/form-field.tsx";
import { schemaResolver } from "#client/components/forms/schema-resolver.ts";
import { showServerErrors } from "#client/components/forms/server-errors.ts";
import { Button } from "#client/components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "#client/components/ui/card.tsx";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.tsx";
import { NativeSelect } from "#client/components/ui/select.tsx";
import type { Account } from "#client/features/account/account.queries.ts";
import {
  activeCategories,
  categoryMap,
  useCategories,
} from "#client/features/categories/categories.queries.ts";
import type { HouseholdMemberRow } from "#client/features/households/households.queries.ts";
import { errorText } from "#client/features/income-spending/money-format.ts";
import {
  OwnerFields,
  ownerInput,
  ownerValues,
  type OwnerValues,
} from "#client/features/savings/owner-fields.tsx";
import type { NameOf } from "#client/features/savings/savings-format.ts";
import { usePeople } from "#client/features/savings/use-people.ts";
import { useLanguage } from "#client/lib/use-language.ts";
import type { Category } from "#shared/schemas/categories.schema.ts";
import {
  bookingInputSchema,
  type LoanDetail,
  type LoanKind,
} from "#shared/schemas/loans.schema.ts";
import type { RecurringRule } from "#shared/schemas/recurring.schema.ts";
import { useLoansFormat } from "./loans-format.ts";
import { useBookPayment, useUnbookPayment } from "./loans.queries.ts";

/** Where the income & spending area lists its recurring expenses. */
const recurringPath = "/dashboard/income-spending?tab=expenses";

/**
 * Booking the monthly payment: as a recurring expense whose every entry is that month's
 * payment from the schedule (exactly once), who pays it, and stopping it again.
 */
export function BookingCard({
  account,
  detail,
  booking,
  onBooking,
}: {
  account: Account;
  detail: LoanDetail;
  booking: boolean;
  onBooking: (open: boolean) => void;
}) {
  const { t } = useTranslation("loans");
  const format = useLoansFormat();
  const { nameOf, people } = usePeople(account);
  const categories = useCategories();
  const unbook = useUnbookPayment();
  const [stopping, setStopping] = useState(false);
  const rule = detail.booking;
  const next = detail.summary.nextPayment;

  return (
    <Card className="gap-4" data-testid="loan-booking">
      <CardHeader className="max-sm:px-4">
        <CardTitle className="flex items-center gap-2 text-base">
          <RepeatIcon className="size-4 text-primary" aria-hidden="true" />
          {t("booking.title")}
        </CardTitle>
        <CardDescription>{t("booking.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 max-sm:px-4">
        {rule ? (
          <BookedRule
            rule={rule}
            category={categoryMap(categories.data).get(rule.categoryId)}
            nameOf={nameOf}
            order={people.map((person) => person.id)}
          />
        ) : (
          <p className="text-sm text-pretty" data-testid="booking-state">
            {next
              ? t("booking.notBooked", {
                  amount: format.money(next.paymentCents),
                  date: format.day(next.dueDate, true),
                })
              : t("booking.repaid")}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-2">
          {rule ? (
            <Button
              size="sm"
              variant="outline"
              className="text-destructive hover:text-destructive"
              onClick={() => setStopping(true)}
            >
              <CircleStopIcon aria-hidden="true" />
              {t("booking.stop")}
            </Button>
          ) : next ? (
            <Button size="sm" onClick={() => onBooking(true)}>
              <RepeatIcon aria-hidden="true" />
              {t("booking.book")}
            </Button>
          ) : null}
          <Link
            to={recurringPath}
            className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-primary hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          >
            {t("booking.recurringLink")}
            <ArrowRightIcon className="size-3.5" aria-hidden="true" />
          </Link>
        </div>
      </CardContent>

      {booking ? (
        <BookingDialog account={account} detail={detail} onClose={() => onBooking(false)} />
      ) : null}
      <ConfirmDialog
        open={stopping}
        onOpenChange={setStopping}
        title={t("booking.stopTitle")}
        description={t("booking.stopBody")}
        confirmLabel={t("booking.stop")}
        pending={unbook.isPending}
        onConfirm={() =>
          unbook.mutate(detail.id, {
            onSuccess: () => {
              setStopping(false);
              toast.success(t("booking.stopped"));
            },
            onError: (error) =>
              toast.error(t("booking.stopFailed"), { description: errorText(t, error) }),
          })
        }
      />
    </Card>
  );
}

/** The booked rule in words: its category, whose it is, who pays, and its next entry. */
function BookedRule({
  rule,
  category,
  nameOf,
  order,
}: {
  rule: RecurringRule;
  category: Category | undefined;
  nameOf: NameOf;
  /** The household's members in their order: the shares are listed so. */
  order: readonly string[];
}) {
  const { t } = useTranslation("loans");
  const format = useLoansFormat();
  const whose =
    rule.splitMode === "personal"
      ? nameOf(rule.shares[0]?.memberId ?? "")
      : [...rule.shares]
          .sort((a, b) => order.indexOf(a.memberId) - order.indexOf(b.memberId))
          .map((share) => `${nameOf(share.memberId)} ${format.share(share.percentBp ?? 0)}`)
          .join(" · ");
  return (
    <div className="grid gap-1 text-sm" data-testid="booking-state">
      <p className="font-medium text-pretty">
        {rule.nextDate
          ? t("booking.booked", {
              category: category?.name ?? t("booking.unknownCategory"),
              date: format.day(rule.nextDate, true),
              amount: format.money(rule.amountCents),
            })
          : t("booking.ended", { date: rule.endDate ? format.day(rule.endDate, true) : "" })}
      </p>
      <p className="text-muted-foreground text-pretty">
        {t("booking.whose", {
          whose,
          payer: rule.paidByMemberId ? nameOf(rule.paidByMemberId) : "—",
        })}
      </p>
      <p className="text-muted-foreground text-pretty">{t("booking.eachMonth")}</p>
    </div>
  );
}

type BookingFormValues = OwnerValues & {
  categoryId: string;
  paidByMemberId: string;
  startDate: string;
};

function bookingInput(values: BookingFormValues) {
  const owner = ownerInput(values);
  return {
    categoryId: values.categoryId,
    splitMode: owner.ownerKind === "shared" ? ("percent" as const) : ("personal" as const),
    memberId: owner.memberId,
    paidByMemberId: values.paidByMemberId || null,
    shares: owner.shares,
    startDate: values.startDate === "" ? null : values.startDate,
  };
}

const fieldOfPath: Record<string, Path<BookingFormValues>> = {
  categoryId: "categoryId",
  paidByMemberId: "paidByMemberId",
  memberId: "memberId",
  shares: "shares",
  splitMode: "shares",
  startDate: "startDate",
};
const fieldOf = (path: string): Path<BookingFormValues> =>
  fieldOfPath[path.split(".")[0] ?? ""] ?? "categoryId";
const resolver = schemaResolver(bookingInputSchema, bookingInput, fieldOf);

/** The default category of a loan's payment: the household's own default one for its kind. */
const usualCategory: Record<LoanKind, string> = {
  mortgage: "housing",
  car: "transport",
  personal: "other-expenses",
  student: "other-expenses",
  other: "other-expenses",
};

/** "Book the payment": its category, whose expense it is, who pays, from which payment. */
function BookingDialog({
  account,
  detail,
  onClose,
}: {
  account: Account;
  detail: LoanDetail;
  onClose: () => void;
}) {
  const { t } = useTranslation("loans");
  const { people, loading } = usePeople(account);
  const categories = useCategories();
  return (
    <FormDialog
      title={t("booking.dialogTitle", { name: detail.name })}
      description={t("booking.dialogDescription")}
      closeLabel={t("close")}
      testId="booking-dialog"
      loading={loading || categories.isPending}
      onClose={onClose}
    >
      <BookingForm
        people={people}
        meId={account.member.id}
        categories={activeCategories(categories.data, "expense")}
        detail={detail}
        onDone={onClose}
      />
    </FormDialog>
  );
}

function BookingForm({
  people,
  meId,
  categories,
  detail,
  onDone,
}: {
  people: readonly HouseholdMemberRow[];
  meId: string;
  categories: Category[];
  detail: LoanDetail;
  onDone: () => void;
}) {
  const { t } = useTranslation("loans");
  const language = useLanguage();
  const book = useBookPayment();
  const owner = ownerValues(
    detail.owner.kind === "household" ? null : detail.owner,
    people,
    language,
    meId,
  );
  const form = useForm<BookingFormValues>({
    resolver,
    defaultValues: {
      ...owner,
      // The household's own loan is paid by everyone: split equally unless changed.
      ownerKind:
        owner.ownerKind === "household"
          ? people.length >= 2
            ? "shared"
            : "member"
          : owner.ownerKind,
      categoryId:
        categories.find((category) => category.defaultKey === usualCategory[detail.kind])?.id ?? "",
      paidByMemberId: owner.ownerKind === "member" ? owner.memberId : meId,
      startDate: detail.summary.nextPayment?.dueDate ?? "",
    },
  });
  const {
    register,
    setError,
    handleSubmit,
    formState: { errors, isSubmitting, isSubmitted },
  } = form;
  const rerun = () => {
    if (isSubmitted) void form.trigger();
  };
  const onSubmit = handleSubmit(async (values) => {
    try {
      await book.mutateAsync({
        loanId: detail.id,
        input: bookingInputSchema.parse(bookingInput(values)),
      });
      toast.success(t("booking.done", { name: detail.name }));
      onDone();
    } catch (error) {
      if (showServerErrors(error, setError, fieldOf)) return;
      toast.error(t("booking.failed"), { description: errorText(t, error) });
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid min-w-0 gap-4">
      <FormField label={t("booking.category")} error={errors.categoryId?.message}>
        <NativeSelect {...register("categoryId", { onChange: rerun })}>
          <option value="">{t("booking.chooseCategory")}</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <OwnerFields
        form={form}
        people={people}
        rerun={rerun}
        kinds={["member", "shared"]}
        legend={t("booking.whoseLegend")}
        whose={t("booking.whoseMember")}
      />
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label={t("booking.paidBy")} error={errors.paidByMemberId?.message}>
          <NativeSelect {...register("paidByMemberId", { onChange: rerun })}>
            <option value="">{t("booking.choosePerson")}</option>
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
          <DateInput {...register("startDate", { onChange: rerun })} />
        </FormField>
      </div>
      <p className="text-sm text-muted-foreground text-pretty">{t("booking.eachMonth")}</p>
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
