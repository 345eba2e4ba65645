import {
  ArrowRightIcon,
  BanIcon,
  CircleStopIcon,
  PencilIcon,
  PlusIcon,
  RepeatIcon,
  ShieldCheckIcon,
  Trash2Icon,
} from "lucide-react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "#client/lib/toast.ts";
import { ConfirmDelete } from "#client/components/confirm-delete.tsx";
import { EmptyState } from "#client/components/empty-state.tsx";
import { Badge } from "#client/components/ui/badge.tsx";
import { Button } from "#client/components/ui/button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "#client/components/ui/card.tsx";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { categoryMap, useCategories } from "#client/features/categories/categories.queries.ts";
import { errorText } from "#client/features/income-spending/money-format.ts";
import type { NameOf } from "#client/features/savings/savings-format.ts";
import { cn } from "#client/lib/cn.ts";
import type { InsuranceKind, Policy } from "#shared/schemas/insurance.schema.ts";
import { commonKinds, useInsuranceFormat } from "./insurance-format.ts";
import { useCreatePolicy, useDeletePolicy, useUnbookPremium } from "./insurance.queries.ts";

/** Where the income & spending area lists its recurring expenses. */
const recurringPath = "/dashboard/income-spending?tab=expenses";

/** A deleted policy as the request that puts it back (undo). */
function recreateInput(policy: Policy) {
  return {
    kind: policy.kind,
    insurer: policy.insurer,
    policyNumber: policy.policyNumber,
    premiumCents: policy.premium.premiumCents,
    frequency: policy.frequency,
    deductibleCents: policy.deductibleCents,
    voluntaryDeductibleCents: policy.voluntaryDeductibleCents,
    coverageNotes: policy.coverageNotes,
    startDate: policy.startDate,
    renewalDate: policy.renewalDate,
    noticePeriod: policy.noticePeriod,
    remindDaysBefore: policy.remindDaysBefore,
    insured: policy.insured,
    members: policy.members,
  };
}

/**
 * The scope's policies: those active first, each with what it costs as typed and a year, its
 * deductible, renewal and notice deadline, and edit, cancel and delete (with undo); cancelled
 * ones apart as history. Before the first, the common kinds as one-click starts.
 */
export function PoliciesCard({
  policies,
  loading,
  error,
  memberId,
  nameOf,
  shown,
  onAdd,
  onEdit,
  onCancel,
  onBook,
}: {
  policies: readonly Policy[];
  loading: boolean;
  error: Error | null;
  memberId: string | null;
  nameOf: NameOf;
  /** The policy last opened from the grid or what is coming up, marked in the list. */
  shown: string | null;
  onAdd: (kind: InsuranceKind) => void;
  onEdit: (policy: Policy) => void;
  onCancel: (policy: Policy) => void;
  onBook: (policy: Policy) => void;
}) {
  const { t } = useTranslation("insurance");
  const format = useInsuranceFormat();
  const remove = useDeletePolicy();
  const recreate = useCreatePolicy();
  const unbook = useUnbookPremium();
  const categories = categoryMap(useCategories().data);
  const [deleting, setDeleting] = useState<Policy | null>(null);
  const [stopping, setStopping] = useState<Policy | null>(null);
  const active = policies.filter((policy) => policy.status === "active");
  const cancelled = policies.filter((policy) => policy.status === "cancelled");
  const row = (policy: Policy) => (
    <PolicyRow
      key={policy.id}
      policy={policy}
      memberId={memberId}
      nameOf={nameOf}
      shown={shown === policy.id}
      categoryName={(id) => categories.get(id)?.name ?? t("booking.unknownCategory")}
      onEdit={() => onEdit(policy)}
      onCancel={() => onCancel(policy)}
      onDelete={() => setDeleting(policy)}
      onBook={() => onBook(policy)}
      onStop={() => setStopping(policy)}
    />
  );

  return (
    <Card className="gap-4" data-testid="policies">
      <CardHeader className="max-sm:px-4">
        <CardTitle className="text-base">{t("list.title")}</CardTitle>
        <CardDescription>{t("list.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 max-sm:px-4">
        {loading ? (
          <div className="grid gap-3" aria-busy="true">
            {[0, 1].map((index) => (
              <Skeleton key={index} className="h-32 w-full" />
            ))}
          </div>
        ) : error ? (
          <p className="text-sm text-destructive" role="alert">
            {t("loadFailed")} {errorText(t, error)}
          </p>
        ) : policies.length === 0 ? (
          <EmptyState
            icon={ShieldCheckIcon}
            title={t("list.emptyTitle")}
            body={t("list.emptyBody")}
            testId="policies-empty"
            action={
              <div className="flex max-w-lg flex-wrap justify-center gap-2">
                {commonKinds.map((kind) => (
                  <Button
                    key={kind}
                    size="sm"
                    variant="outline"
                    onClick={() => onAdd(kind)}
                    data-testid={`start-${kind}`}
                  >
                    <PlusIcon aria-hidden="true" />
                    {t(`starts.${kind}`)}
                  </Button>
                ))}
                <Button size="sm" variant="ghost" onClick={() => onAdd("other")}>
                  {t("list.anotherKind")}
                </Button>
              </div>
            }
          />
        ) : (
          <>
            {active.length > 0 ? (
              <ul className="grid grid-cols-1 gap-3" aria-label={t("list.title")}>
                {active.map(row)}
              </ul>
            ) : null}
            {cancelled.length > 0 ? (
              <section aria-labelledby="policies-history" className="grid gap-3">
                <div className="space-y-1">
                  <h3 id="policies-history" className="text-sm font-medium">
                    {t("list.history")}
                  </h3>
                  <p className="text-sm text-muted-foreground">{t("list.historyDescription")}</p>
                </div>
                <ul className="grid grid-cols-1 gap-3" data-testid="policies-history">
                  {cancelled.map(row)}
                </ul>
              </section>
            ) : null}
          </>
        )}
      </CardContent>

      <ConfirmDelete
        item={deleting}
        onClose={() => setDeleting(null)}
        title={t("list.deleteTitle")}
        description={(policy) =>
          t("list.deleteBody", {
            kind: format.kind(policy.kind),
            insurer: policy.insurer,
            premium: format.premium(policy.premium.premiumCents, policy.frequency),
          })
        }
        confirmLabel={t("list.delete")}
        remove={remove}
        deleted={() => t("list.deleted")}
        failed={t("list.deleteFailed")}
        errorOf={(failure) => errorText(t, failure)}
        undo={(policy) => ({
          label: t("undo"),
          onClick: () =>
            void recreate.mutateAsync(recreateInput(policy)).then(
              () => toast.success(t("list.restored")),
              (failure: unknown) =>
                toast.error(t("list.undoFailed"), { description: errorText(t, failure) }),
            ),
        })}
      />
      <ConfirmDialog
        open={stopping !== null}
        onOpenChange={(open) => {
          if (!open) setStopping(null);
        }}
        title={t("booking.stopTitle")}
        description={
          stopping
            ? t("booking.stopBody", { kind: format.kind(stopping.kind), insurer: stopping.insurer })
            : ""
        }
        confirmLabel={t("booking.stop")}
        pending={unbook.isPending}
        onConfirm={() => {
          if (!stopping) return;
          unbook.mutate(stopping.id, {
            onSuccess: () => {
              setStopping(null);
              toast.success(t("booking.stopped"));
            },
            onError: (failure) =>
              toast.error(t("booking.stopFailed"), { description: errorText(t, failure) }),
          });
        }}
      />
    </Card>
  );
}

function PolicyRow({
  policy,
  memberId,
  nameOf,
  shown,
  categoryName,
  onEdit,
  onCancel,
  onDelete,
  onBook,
  onStop,
}: {
  policy: Policy;
  memberId: string | null;
  nameOf: NameOf;
  shown: boolean;
  categoryName: (id: string) => string;
  onEdit: () => void;
  onCancel: () => void;
  onDelete: () => void;
  onBook: () => void;
  onStop: () => void;
}) {
  const { t } = useTranslation("insurance");
  const format = useInsuranceFormat();
  const kind = format.kind(policy.kind);
  // The buttons' names say which policy ("Edit: Liability at Centraal Beheer").
  const which = (
    <span className="sr-only">: {t("list.which", { kind, insurer: policy.insurer })}</span>
  );
  const cancelled = policy.status === "cancelled";
  const partial = memberId !== null && policy.scope.yearCents !== policy.premium.yearCents;
  const figure = (label: string, value: ReactNode, testId: string) => (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  const deductible =
    policy.deductibleCents === null && policy.voluntaryDeductibleCents === null
      ? t("list.none")
      : policy.voluntaryDeductibleCents
        ? t("list.deductibleWithVoluntary", {
            mandatory: format.money(policy.deductibleCents ?? 0),
            voluntary: format.money(policy.voluntaryDeductibleCents),
          })
        : format.money(policy.deductibleCents ?? 0);

  return (
    <li
      id={`policy-${policy.id}`}
      tabIndex={-1}
      className={cn(
        "grid scroll-mt-24 gap-3 rounded-lg border p-3 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:p-4",
        shown && "border-primary ring-[3px] ring-ring/50",
      )}
      data-testid="policy-row"
      data-policy-id={policy.id}
    >
      {/* On a phone a long kind ("Zorgverzekering") keeps its line: the premium moves below. */}
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="grid min-w-[min(100%,11rem)] flex-1 gap-1">
          <h3 className="flex min-w-0 flex-wrap items-center gap-2 font-medium">
            <span className="min-w-0 break-words">{kind}</span>
            {cancelled ? (
              <Badge variant="muted">{t("list.cancelled")}</Badge>
            ) : !policy.inForce ? (
              <Badge variant="outline">
                {t("list.notStarted", { day: format.day(policy.startDate, true) })}
              </Badge>
            ) : null}
          </h3>
          <p className="text-sm break-words text-muted-foreground">
            {policy.insurer}
            {policy.policyNumber ? (
              <>
                {" · "}
                <span className="sr-only">{t("list.policyNumber")} </span>
                <span data-testid="policy-number">{policy.policyNumber}</span>
              </>
            ) : null}
          </p>
        </div>
        <div className="ml-auto shrink-0 text-right">
          <p
            className="text-lg font-semibold tracking-tight tabular-nums sm:text-xl"
            data-testid="policy-premium"
          >
            {format.premium(policy.premium.premiumCents, policy.frequency)}
          </p>
          <p className="text-xs text-muted-foreground tabular-nums" data-testid="policy-year">
            {t("premiumAs.yearly", { amount: format.money(policy.premium.yearCents) })}
          </p>
        </div>
      </div>
      {partial ? (
        <p className="text-xs text-muted-foreground" data-testid="policy-share">
          {t("list.yourPart", {
            year: format.money(policy.scope.yearCents),
            whole: format.money(policy.premium.yearCents),
          })}
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        {figure(t("list.covered"), format.covered(policy, nameOf), "policy-covered")}
        {figure(t("list.deductible"), deductible, "policy-deductible")}
        {cancelled
          ? figure(
              t("list.cancelled"),
              t("list.endsOn", { day: format.day(policy.endsOn ?? policy.startDate, true) }),
              "policy-ends",
            )
          : figure(
              t("list.renewal"),
              policy.nextRenewal ? format.day(policy.nextRenewal, true) : t("list.none"),
              "policy-renewal",
            )}
        {cancelled
          ? null
          : figure(
              t("list.notice"),
              policy.notice ? (
                <>
                  {format.day(policy.notice.deadline, true)}
                  {policy.notice.remindOn ? (
                    <span className="block text-xs font-normal text-muted-foreground">
                      {t("list.reminder", { day: format.day(policy.notice.remindOn, true) })}
                    </span>
                  ) : null}
                </>
              ) : (
                t("list.none")
              ),
              "policy-notice",
            )}
      </dl>
      {policy.coverageNotes ? (
        <p className="text-sm break-words whitespace-pre-line text-muted-foreground">
          {policy.coverageNotes}
        </p>
      ) : null}
      <Booking
        policy={policy}
        categoryName={categoryName}
        which={which}
        onBook={onBook}
        onStop={onStop}
      />
      <div className="flex flex-wrap justify-end gap-1">
        <Button size="sm" variant="ghost" onClick={onEdit} data-testid="policy-edit">
          <PencilIcon aria-hidden="true" />
          {t("list.edit")}
          {which}
        </Button>
        {cancelled ? null : (
          <Button size="sm" variant="ghost" onClick={onCancel} data-testid="policy-cancel">
            <BanIcon aria-hidden="true" />
            {t("list.cancelPolicy")}
            {which}
          </Button>
        )}
        <Button
          size="sm"
          variant="ghost"
          className="text-destructive hover:text-destructive"
          onClick={onDelete}
          data-testid="policy-delete"
        >
          <Trash2Icon aria-hidden="true" />
          {t("list.delete")}
          {which}
        </Button>
      </div>
    </li>
  );
}

/**
 * The premium as a recurring expense: booked (its category and next entry, with a way to stop
 * it and to the recurring expenses), ended with the cover, or not booked with a way to book it.
 */
function Booking({
  policy,
  categoryName,
  which,
  onBook,
  onStop,
}: {
  policy: Policy;
  categoryName: (id: string) => string;
  which: ReactNode;
  onBook: () => void;
  onStop: () => void;
}) {
  const { t } = useTranslation("insurance");
  const format = useInsuranceFormat();
  const rule = policy.booking ?? null;
  const cancelled = policy.status === "cancelled";
  if (!rule && cancelled) return null;
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-md bg-muted/50 px-3 py-2 text-sm"
      data-testid="policy-booking"
      data-booked={rule ? "true" : "false"}
    >
      <p className="flex min-w-0 items-start gap-2 text-pretty">
        <RepeatIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        <span className="min-w-0">
          {rule
            ? rule.nextDate
              ? t("booking.booked", {
                  category: categoryName(rule.categoryId),
                  amount: format.money(rule.amountCents),
                  date: format.day(rule.nextDate, true),
                })
              : t("booking.ended", {
                  category: categoryName(rule.categoryId),
                  date: rule.endDate ? format.day(rule.endDate, true) : "",
                })
            : t("booking.notBooked")}
        </span>
      </p>
      <div className="flex flex-wrap items-center gap-1">
        {rule ? (
          <>
            <Link
              to={recurringPath}
              className="inline-flex items-center gap-1 rounded-sm px-2 py-1 font-medium text-primary hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            >
              {t("booking.recurringLink")}
              <ArrowRightIcon className="size-3.5" aria-hidden="true" />
            </Link>
            {rule.nextDate ? (
              <Button
                size="sm"
                variant="ghost"
                className="text-destructive hover:text-destructive"
                onClick={onStop}
                data-testid="policy-unbook"
              >
                <CircleStopIcon aria-hidden="true" />
                {t("booking.stop")}
                {which}
              </Button>
            ) : null}
          </>
        ) : (
          <Button size="sm" variant="outline" onClick={onBook} data-testid="policy-book">
            <RepeatIcon aria-hidden="true" />
            {t("booking.book")}
            {which}
          </Button>
        )}
      </div>
    </div>
  );
}
