import { useQuery } from "@tanstack/react-query";
import { PlusIcon, SaveIcon, Trash2Icon } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { DateInput } from "#client/components/forms/date-input.tsx";
import { toast } from "#client/lib/toast.ts";
import { Button } from "#client/components/ui/button.tsx";
import { ConfirmDialog } from "#client/components/ui/confirm-dialog.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "#client/components/ui/card.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { Label } from "#client/components/ui/label.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { translateError } from "#client/lib/errors.ts";
import { currentLanguage } from "#client/lib/i18n.ts";
import { formatMoney, parseMoney } from "#shared/money.ts";
import {
  adminQueries,
  useAddFeature,
  useCreateCoupon,
  useDeleteCoupon,
  useDeleteFeature,
  useUpdateCoupon,
  useUpdateFeature,
  useUpdatePlan,
  type AdminCoupon,
  type AdminPlan,
} from "./admin.queries.ts";

const euros = (cents: number) => (cents / 100).toFixed(2);

function Field({ label, ...props }: { label: string } & React.ComponentProps<typeof Input>) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} {...props} />
    </div>
  );
}

/** A date typed in Hearth's language; the form data holds it as YYYY-MM-DD. */
function DateField({ label, name }: { label: string; name: string }) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <DateInput id={id} name={name} />
    </div>
  );
}

function Check({ label, ...props }: { label: string } & React.ComponentProps<"input">) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" className="size-4 accent-primary" {...props} />
      {label}
    </label>
  );
}

/** One plan: names, prices in euros (stored in cents), price ids, flags, order; its features. */
function PlanEditor({ plan }: { plan: AdminPlan }) {
  const { t } = useTranslation("admin");
  const update = useUpdatePlan();
  const addFeature = useAddFeature();
  const [feature, setFeature] = useState({ text: "", textNl: "" });

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? "");
    const monthly = parseMoney(text("monthly"));
    const annual = parseMoney(text("annual"));
    if (monthly === null || annual === null || monthly < 0 || annual < 0) {
      toast.error(t("plans.invalidPrice"));
      return;
    }
    update.mutate(
      {
        id: plan.id,
        json: {
          displayName: text("displayName"),
          displayNameNl: text("displayNameNl"),
          description: text("description"),
          descriptionNl: text("descriptionNl"),
          monthlyPriceCents: monthly,
          annualPriceCents: annual,
          stripeMonthlyPriceId: text("stripeMonthly"),
          stripeAnnualPriceId: text("stripeAnnual"),
          isPopular: data.get("isPopular") === "on",
          isActive: data.get("isActive") === "on",
          displayOrder: Number(text("displayOrder")) || 0,
        },
      },
      {
        onSuccess: () => toast.success(t("saved")),
        onError: (error) => toast.error(translateError(t, error)),
      },
    );
  };

  return (
    <Card data-testid={`admin-plan-${plan.name}`}>
      <CardHeader>
        <CardTitle>{plan.displayName}</CardTitle>
        <CardDescription>{plan.name}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <form onSubmit={save} className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t("plans.displayName")}
            name="displayName"
            defaultValue={plan.displayName}
          />
          <Field
            label={t("plans.displayNameNl")}
            name="displayNameNl"
            defaultValue={plan.displayNameNl}
          />
          <Field
            label={t("plans.description")}
            name="description"
            defaultValue={plan.description}
          />
          <Field
            label={t("plans.descriptionNl")}
            name="descriptionNl"
            defaultValue={plan.descriptionNl}
          />
          <Field
            label={t("plans.monthly")}
            name="monthly"
            inputMode="decimal"
            defaultValue={euros(plan.monthlyPriceCents)}
          />
          <Field
            label={t("plans.annual")}
            name="annual"
            inputMode="decimal"
            defaultValue={euros(plan.annualPriceCents)}
          />
          <Field
            label={t("plans.stripeMonthly")}
            name="stripeMonthly"
            defaultValue={plan.stripeMonthlyPriceId ?? ""}
          />
          <Field
            label={t("plans.stripeAnnual")}
            name="stripeAnnual"
            defaultValue={plan.stripeAnnualPriceId ?? ""}
          />
          <Field
            label={t("plans.order")}
            name="displayOrder"
            type="number"
            min={0}
            defaultValue={plan.displayOrder}
          />
          <div className="flex flex-wrap items-end gap-4">
            <Check label={t("plans.popular")} name="isPopular" defaultChecked={plan.isPopular} />
            <Check label={t("plans.active")} name="isActive" defaultChecked={plan.isActive} />
          </div>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={update.isPending}>
              <SaveIcon aria-hidden="true" />
              {t("save")}
            </Button>
          </div>
        </form>

        <div className="grid gap-3">
          <h3 className="font-medium">{t("features.title")}</h3>
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead className="text-left text-muted-foreground">
                <tr>
                  <th className="py-2 pr-3 font-medium">{t("features.text")}</th>
                  <th className="py-2 pr-3 font-medium">{t("features.textNl")}</th>
                  <th className="py-2 pr-3 font-medium">{t("features.order")}</th>
                  <th className="py-2 pr-3 font-medium">{t("features.highlighted")}</th>
                  <th className="py-2 pr-3 font-medium">{t("features.included")}</th>
                  <th className="py-2 font-medium">
                    <span className="sr-only">{t("actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {plan.features.map((item) => (
                  <FeatureRow key={item.id} planId={plan.id} feature={item} />
                ))}
              </tbody>
            </table>
          </div>
          <form
            className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
            onSubmit={(event) => {
              event.preventDefault();
              addFeature.mutate(
                {
                  id: plan.id,
                  json: { ...feature, displayOrder: plan.features.length + 1 },
                },
                {
                  onSuccess: () => setFeature({ text: "", textNl: "" }),
                  onError: (error) => toast.error(translateError(t, error)),
                },
              );
            }}
          >
            <Field
              label={t("features.text")}
              value={feature.text}
              onChange={(e) => setFeature({ ...feature, text: e.target.value })}
              required
            />
            <Field
              label={t("features.textNl")}
              value={feature.textNl}
              onChange={(e) => setFeature({ ...feature, textNl: e.target.value })}
              required
            />
            <Button type="submit" variant="outline" disabled={addFeature.isPending}>
              <PlusIcon aria-hidden="true" />
              {t("features.add")}
            </Button>
          </form>
        </div>
      </CardContent>
    </Card>
  );
}

export function AdminPlans() {
  const { t } = useTranslation("admin");
  const plans = useQuery(adminQueries.plans());
  if (plans.isPending) return <Skeleton className="h-64 w-full" />;
  if (plans.isError)
    return (
      <p role="alert" className="text-destructive">
        {translateError(t, plans.error)}
      </p>
    );
  return (
    <div className="grid gap-6">
      {plans.data.map((plan) => (
        <PlanEditor key={`${plan.id}-${plan.displayOrder}-${plan.monthlyPriceCents}`} plan={plan} />
      ))}
    </div>
  );
}

/** Coupons: code, percent or amount off, valid until, maximum uses; create and delete. */
export function AdminCoupons() {
  const { t } = useTranslation("admin");
  const coupons = useQuery(adminQueries.coupons());
  const create = useCreateCoupon();
  const [kind, setKind] = useState<"percent" | "amount">("percent");

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? "").trim();
    const off = text("off");
    const amount = kind === "amount" ? parseMoney(off) : null;
    const until = text("validUntil");
    create.mutate(
      {
        code: text("code"),
        percentOff: kind === "percent" ? Number(off) : null,
        amountOffCents: kind === "amount" ? amount : null,
        validUntil: until ? new Date(`${until}T23:59:59`).toISOString() : null,
        maxUses: text("maxUses") ? Number(text("maxUses")) : null,
      },
      {
        onSuccess: () => {
          form.reset();
          toast.success(t("saved"));
        },
        onError: (error) => toast.error(translateError(t, error)),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("coupons.title")}</CardTitle>
        <CardDescription>{t("coupons.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {coupons.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : coupons.isError ? (
          <p role="alert" className="text-destructive">
            {translateError(t, coupons.error)}
          </p>
        ) : coupons.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("coupons.empty")}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="admin-coupons">
              <thead className="text-left text-muted-foreground">
                <tr>
                  <th className="py-2 pr-3 font-medium">{t("coupons.code")}</th>
                  <th className="py-2 pr-3 font-medium">{t("coupons.off")}</th>
                  <th className="py-2 pr-3 font-medium">{t("coupons.validUntil")}</th>
                  <th className="py-2 pr-3 font-medium">{t("coupons.uses")}</th>
                  <th className="py-2 pr-3 font-medium">{t("coupons.active")}</th>
                  <th className="py-2 font-medium">
                    <span className="sr-only">{t("actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {coupons.data.map((coupon) => (
                  <CouponRow key={coupon.id} coupon={coupon} />
                ))}
              </tbody>
            </table>
          </div>
        )}
        <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
          <Field
            label={t("coupons.code")}
            name="code"
            required
            maxLength={50}
            className="uppercase"
          />
          <div className="grid gap-1.5">
            <Label htmlFor="coupon-kind">{t("coupons.kind")}</Label>
            <select
              id="coupon-kind"
              value={kind}
              onChange={(event) => setKind(event.target.value === "amount" ? "amount" : "percent")}
              className="h-9 rounded-md border border-input bg-transparent px-3 text-sm dark:bg-input/30"
            >
              <option value="percent">{t("coupons.percent")}</option>
              <option value="amount">{t("coupons.amount")}</option>
            </select>
          </div>
          <Field
            label={kind === "percent" ? t("coupons.percentOff") : t("coupons.amountOff")}
            name="off"
            required
            inputMode="decimal"
          />
          <DateField label={t("coupons.validUntil")} name="validUntil" />
          <Field label={t("coupons.maxUses")} name="maxUses" type="number" min={1} />
          <div className="sm:col-span-2 lg:col-span-5">
            <Button type="submit" disabled={create.isPending}>
              <PlusIcon aria-hidden="true" />
              {t("coupons.add")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

type AdminFeature = AdminPlan["features"][number];

/** One feature of a plan, edited in place: both texts, order, highlighted, included; delete. */
function FeatureRow({ planId, feature }: { planId: string; feature: AdminFeature }) {
  const { t } = useTranslation("admin");
  const update = useUpdateFeature();
  const remove = useDeleteFeature();
  const [draft, setDraft] = useState({
    text: feature.text,
    textNl: feature.textNl,
    displayOrder: feature.displayOrder,
    isHighlighted: feature.isHighlighted,
    isIncluded: feature.isIncluded,
  });
  const changed =
    draft.text !== feature.text ||
    draft.textNl !== feature.textNl ||
    draft.displayOrder !== feature.displayOrder ||
    draft.isHighlighted !== feature.isHighlighted ||
    draft.isIncluded !== feature.isIncluded;
  const label = (what: string) => `${t(what)}: ${feature.text}`;
  return (
    <tr>
      <td className="py-2 pr-3">
        <Input
          aria-label={label("features.text")}
          value={draft.text}
          onChange={(e) => setDraft({ ...draft, text: e.target.value })}
        />
      </td>
      <td className="py-2 pr-3">
        <Input
          aria-label={label("features.textNl")}
          value={draft.textNl}
          onChange={(e) => setDraft({ ...draft, textNl: e.target.value })}
        />
      </td>
      <td className="w-20 py-2 pr-3">
        <Input
          aria-label={label("features.order")}
          type="number"
          min={0}
          value={draft.displayOrder}
          onChange={(e) => setDraft({ ...draft, displayOrder: Number(e.target.value) })}
        />
      </td>
      <td className="py-2 pr-3 text-center">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          aria-label={label("features.highlighted")}
          checked={draft.isHighlighted}
          onChange={(e) => setDraft({ ...draft, isHighlighted: e.target.checked })}
        />
      </td>
      <td className="py-2 pr-3 text-center">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          aria-label={label("features.included")}
          checked={draft.isIncluded}
          onChange={(e) => setDraft({ ...draft, isIncluded: e.target.checked })}
        />
      </td>
      <RowActions
        name={feature.text}
        saveDisabled={!changed || update.isPending}
        onSave={() =>
          update.mutate(
            { id: planId, featureId: feature.id, json: draft },
            {
              onSuccess: () => toast.success(t("saved")),
              onError: (error) => toast.error(translateError(t, error)),
            },
          )
        }
        confirmTitle={t("features.confirmDelete", { text: feature.text })}
        deletePending={remove.isPending}
        onDelete={(done) =>
          remove.mutate({ id: planId, featureId: feature.id }, { onSettled: done })
        }
      />
    </tr>
  );
}

/** One coupon: its discount and uses shown; valid until, maximum uses and active edited; delete. */
function CouponRow({ coupon }: { coupon: AdminCoupon }) {
  const { t } = useTranslation("admin");
  const language = currentLanguage();
  const update = useUpdateCoupon();
  const remove = useDeleteCoupon();
  const [draft, setDraft] = useState({
    validUntil: coupon.validUntil ? coupon.validUntil.slice(0, 10) : "",
    maxUses: coupon.maxUses === null ? "" : String(coupon.maxUses),
    isActive: coupon.isActive,
  });
  const save = () =>
    update.mutate(
      {
        id: coupon.id,
        json: {
          percentOff: coupon.percentOff,
          amountOffCents: coupon.amountOffCents,
          validUntil: draft.validUntil
            ? new Date(`${draft.validUntil}T23:59:59`).toISOString()
            : null,
          maxUses: draft.maxUses ? Number(draft.maxUses) : null,
          isActive: draft.isActive,
        },
      },
      {
        onSuccess: () => toast.success(t("saved")),
        onError: (error) => toast.error(translateError(t, error)),
      },
    );
  const label = (what: string) => `${t(what)}: ${coupon.code}`;
  return (
    <tr>
      <td className="py-2 pr-3 font-mono">{coupon.code}</td>
      <td className="py-2 pr-3 tabular-nums">
        {coupon.percentOff !== null
          ? `${coupon.percentOff}%`
          : formatMoney(coupon.amountOffCents ?? 0, language)}
      </td>
      <td className="py-2 pr-3">
        <DateInput
          aria-label={label("coupons.validUntil")}
          value={draft.validUntil}
          onChange={(e) => setDraft({ ...draft, validUntil: e.target.value })}
        />
      </td>
      <td className="py-2 pr-3 tabular-nums whitespace-nowrap">
        <span className="mr-2">{coupon.timesUsed} /</span>
        <Input
          type="number"
          min={1}
          className="inline-flex w-20"
          aria-label={label("coupons.maxUses")}
          value={draft.maxUses}
          onChange={(e) => setDraft({ ...draft, maxUses: e.target.value })}
        />
      </td>
      <td className="py-2 pr-3 text-center">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          aria-label={label("coupons.active")}
          checked={draft.isActive}
          onChange={(e) => setDraft({ ...draft, isActive: e.target.checked })}
        />
      </td>
      <RowActions
        name={coupon.code}
        saveDisabled={update.isPending}
        onSave={save}
        confirmTitle={t("coupons.confirmDelete", { code: coupon.code })}
        deletePending={remove.isPending}
        onDelete={(done) => remove.mutate(coupon.id, { onSettled: done })}
      />
    </tr>
  );
}

/** The last cell of an editable row: save, and delete after a confirmation. */
function RowActions({
  name,
  saveDisabled,
  onSave,
  confirmTitle,
  deletePending,
  onDelete,
}: {
  /** Names the row in the buttons' accessible names ("Save: WELCOME10"). */
  name: string;
  saveDisabled: boolean;
  onSave: () => void;
  confirmTitle: string;
  deletePending: boolean;
  /** Deletes; calls `done` when the call settled, which closes the confirmation. */
  onDelete: (done: () => void) => void;
}) {
  const { t } = useTranslation("admin");
  const [confirming, setConfirming] = useState(false);
  return (
    <td className="py-2 text-right whitespace-nowrap">
      <Button variant="ghost" size="sm" disabled={saveDisabled} onClick={onSave}>
        <SaveIcon aria-hidden="true" />
        <span className="sr-only">{`${t("save")}: ${name}`}</span>
      </Button>
      <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
        <Trash2Icon aria-hidden="true" />
        <span className="sr-only">{`${t("delete")}: ${name}`}</span>
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={confirmTitle}
        description={t("confirmDescription")}
        confirmLabel={t("delete")}
        pending={deletePending}
        onConfirm={() => onDelete(() => setConfirming(false))}
      />
    </td>
  );
}
