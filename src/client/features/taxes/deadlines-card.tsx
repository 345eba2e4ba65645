import {
  BellIcon,
  CalendarCheckIcon,
  CheckIcon,
  PencilIcon,
  PlusIcon,
  RotateCcwIcon,
  Trash2Icon,
} from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
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
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { errorText } from "#client/features/income-spending/money-format.ts";
import type { NameOf } from "#client/features/savings/savings-format.ts";
import type { TaxDeadline, TaxDeadlineStatus } from "#shared/schemas/taxes.schema.ts";
import { useTaxesFormat } from "./taxes-format.ts";
import {
  useCreateTaxDeadline,
  useDeleteTaxDeadline,
  useUpdateTaxDeadline,
} from "./taxes.queries.ts";

const deadlineInputOf = (deadline: TaxDeadline, status: TaxDeadlineStatus = deadline.status) => ({
  year: deadline.year,
  kind: deadline.kind,
  title: deadline.title ?? "",
  dueOn: deadline.dueOn,
  status,
  remindDaysBefore: deadline.remindDaysBefore,
  memberId: deadline.memberId,
});

/** The year's deadlines by day: the overdue ones marked, each with its reminder; done or reopen. */
export function DeadlinesCard({
  year,
  deadlines,
  loading,
  nameOf,
  onAdd,
  onEdit,
}: {
  year: number;
  deadlines: readonly TaxDeadline[];
  loading: boolean;
  nameOf: NameOf;
  onAdd: () => void;
  onEdit: (deadline: TaxDeadline) => void;
}) {
  const { t } = useTranslation("taxes");
  const format = useTaxesFormat();
  const update = useUpdateTaxDeadline();
  const recreate = useCreateTaxDeadline();
  const remove = useDeleteTaxDeadline();
  const [deleting, setDeleting] = useState<TaxDeadline | null>(null);
  const name = (deadline: TaxDeadline) =>
    deadline.title || format.labels.deadlineKind[deadline.kind];

  const toggle = (deadline: TaxDeadline) => {
    const status = deadline.status === "open" ? "done" : "open";
    update.mutate(
      { id: deadline.id, input: deadlineInputOf(deadline, status) },
      {
        onSuccess: () =>
          toast.success(t(`deadlines.marked.${status}`, { name: name(deadline) }), {
            action: {
              label: t("undo"),
              onClick: () =>
                void update.mutateAsync({ id: deadline.id, input: deadlineInputOf(deadline) }).then(
                  () => toast.success(t("deadlines.undone")),
                  (error: unknown) =>
                    toast.error(t("deadlines.undoFailed"), { description: errorText(t, error) }),
                ),
            },
          }),
        onError: (error) =>
          toast.error(t("deadlines.failed"), { description: errorText(t, error) }),
      },
    );
  };

  const reminder = (deadline: TaxDeadline) => {
    if (deadline.remindOn === null) return null;
    const day = format.day(deadline.remindOn, true);
    if (deadline.memberId === null) {
      if (deadline.remindedAt) return t("deadlines.reminderSentEveryone");
      return deadline.status === "done" ? null : t("deadlines.reminderOnEveryone", { day });
    }
    const whom = nameOf(deadline.memberId);
    if (deadline.remindedAt) return t("deadlines.reminderSent", { whom });
    return deadline.status === "done" ? null : t("deadlines.reminderOn", { day, whom });
  };

  return (
    <Card className="gap-4" data-testid="tax-deadlines">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 max-sm:px-4">
        <div className="grid min-w-0 flex-1 basis-64 gap-1.5">
          <CardTitle className="text-base">{t("deadlines.title")}</CardTitle>
          <CardDescription>{t("deadlines.description")}</CardDescription>
        </div>
        {deadlines.length > 0 ? (
          <Button size="sm" variant="outline" onClick={onAdd}>
            <PlusIcon aria-hidden="true" />
            {t("deadlines.add")}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="max-sm:px-4">
        {loading ? (
          <div className="grid gap-2" aria-busy="true">
            {[0, 1].map((index) => (
              <Skeleton key={index} className="h-14 w-full" />
            ))}
          </div>
        ) : deadlines.length === 0 ? (
          <EmptyState
            icon={CalendarCheckIcon}
            title={t("deadlines.emptyTitle", { year })}
            body={t("deadlines.emptyBody", { year, next: year + 1 })}
            testId="tax-deadlines-empty"
            action={
              <Button size="sm" onClick={onAdd}>
                <PlusIcon aria-hidden="true" />
                {t("deadlines.addFirst")}
              </Button>
            }
          />
        ) : (
          <ul className="divide-y" aria-label={t("deadlines.title")}>
            {deadlines.map((deadline) => {
              const remindLine = reminder(deadline);
              return (
                <li
                  key={deadline.id}
                  className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-2 py-3 sm:grid-cols-[7rem_1fr_auto]"
                  data-testid="tax-deadline"
                  data-status={deadline.status}
                >
                  <span
                    className={
                      "text-sm tabular-nums " +
                      (deadline.overdue ? "font-medium text-destructive" : "text-muted-foreground")
                    }
                  >
                    {format.day(deadline.dueOn, true)}
                  </span>
                  <div className="grid min-w-0 gap-0.5 max-sm:order-3 max-sm:col-span-2">
                    <p className="flex min-w-0 flex-wrap items-center gap-2 font-medium">
                      <span
                        className={
                          "break-words " +
                          (deadline.status === "done" ? "text-muted-foreground line-through" : "")
                        }
                      >
                        {name(deadline)}
                      </span>
                      {deadline.overdue ? (
                        <Badge variant="destructive">{t("deadlines.overdue")}</Badge>
                      ) : deadline.status === "done" ? (
                        <Badge variant="muted">{format.labels.deadlineStatus.done}</Badge>
                      ) : null}
                    </p>
                    <p className="text-sm break-words text-muted-foreground">
                      {[
                        deadline.title ? format.labels.deadlineKind[deadline.kind] : null,
                        deadline.memberId ? nameOf(deadline.memberId) : t("whose.everyone"),
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                    </p>
                    {remindLine ? (
                      <p
                        className="flex items-center gap-1.5 text-xs text-muted-foreground"
                        data-testid="tax-deadline-reminder"
                      >
                        <BellIcon className="size-3.5" aria-hidden="true" />
                        {remindLine}
                      </p>
                    ) : null}
                  </div>
                  <div className="flex items-center justify-end gap-1 max-sm:order-2">
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => toggle(deadline)}
                      // Only the deadline being changed waits; the others stay usable.
                      disabled={update.isPending && update.variables?.id === deadline.id}
                    >
                      {deadline.status === "open" ? (
                        <CheckIcon aria-hidden="true" />
                      ) : (
                        <RotateCcwIcon aria-hidden="true" />
                      )}
                      <span className="max-sm:sr-only">
                        {deadline.status === "open"
                          ? t("deadlines.markDone")
                          : t("deadlines.reopen")}
                      </span>
                    </Button>
                    <Button
                      size="icon"
                      variant="ghost"
                      onClick={() => onEdit(deadline)}
                      aria-label={t("deadlines.editNamed", { name: name(deadline) })}
                    >
                      <PencilIcon aria-hidden="true" />
                    </Button>
                    <Button
                      size="icon"
                      variant="ghost"
                      onClick={() => setDeleting(deadline)}
                      aria-label={t("deadlines.deleteNamed", { name: name(deadline) })}
                    >
                      <Trash2Icon aria-hidden="true" />
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>

      <ConfirmDelete
        item={deleting}
        onClose={() => setDeleting(null)}
        title={t("deadlines.deleteTitle")}
        description={(deadline) =>
          t("deadlines.deleteBody", { name: name(deadline), day: format.day(deadline.dueOn, true) })
        }
        confirmLabel={t("deadlines.delete")}
        remove={remove}
        deleted={() => t("deadlines.deleted")}
        failed={t("deadlines.deleteFailed")}
        errorOf={(error) => errorText(t, error)}
        undo={(deadline) => ({
          label: t("undo"),
          onClick: () =>
            void recreate.mutateAsync(deadlineInputOf(deadline)).then(
              () => toast.success(t("deadlines.restored")),
              (error: unknown) =>
                toast.error(t("deadlines.undoFailed"), { description: errorText(t, error) }),
            ),
        })}
      />
    </Card>
  );
}
