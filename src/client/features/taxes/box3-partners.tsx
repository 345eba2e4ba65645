import { PencilIcon } from "lucide-react";
import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "#client/lib/toast.ts";
import { FormDialog, FormDialogFooter } from "#client/components/forms/form-dialog.tsx";
import { FieldError, FormField } from "#client/components/forms/form-field.tsx";
import { PercentInput } from "#client/components/forms/number-inputs.tsx";
import { RadioCards } from "#client/components/forms/radio-cards.tsx";
import { schemaResolver } from "#client/components/forms/schema-resolver.ts";
import { showServerErrors } from "#client/components/forms/server-errors.ts";
import { Button } from "#client/components/ui/button.tsx";
import { NativeSelect } from "#client/components/ui/select.tsx";
import type { Account } from "#client/features/account/account.queries.ts";
import type { HouseholdMemberRow } from "#client/features/households/households.queries.ts";
import { errorText } from "#client/features/income-spending/money-format.ts";
import { usePeople } from "#client/features/savings/use-people.ts";
import { formatPercentInput, parsePercentBp } from "#client/features/transactions/amount-input.ts";
import { useLanguage } from "#client/lib/use-language.ts";
import {
  box3SettingsInputSchema,
  type Box3EstimateAnswer,
  type Box3Settings,
} from "#shared/schemas/taxes.schema.ts";
import { useBox3Format, type Box3NameOf } from "./box3-format.ts";
import { Box3Section } from "./box3-parts.tsx";
import { useBox3Settings, useSaveBox3Settings } from "./taxes.queries.ts";

/**
 * The year's fiscal partners: who they are and how they divide their joint base, or that
 * everyone files alone; "Edit" changes it.
 */
export function Box3Partners({
  account,
  data,
  nameOf,
}: {
  account: Account;
  data: Box3EstimateAnswer;
  nameOf: Box3NameOf;
}) {
  const { t } = useTranslation("box3");
  const format = useBox3Format();
  const [editing, setEditing] = useState(false);
  const partners = data.partners;
  const [first, second] = partners?.memberIds ?? [];
  const canHavePartners = data.people.length >= 2;

  let text: string;
  if (partners && first !== undefined && second !== undefined) {
    text = t("partners.together", {
      first: nameOf(first),
      second: nameOf(second),
      firstPart: format.share(partners.firstPartnerSplitBp),
      secondPart: format.share(10_000 - partners.firstPartnerSplitBp),
    });
  } else if (canHavePartners) {
    text = t("partners.none");
  } else {
    text = t("partners.onePerson");
  }

  return (
    <Box3Section
      title={t("partners.title")}
      testId="box3-partners"
      action={
        canHavePartners ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() => setEditing(true)}
            aria-label={t("partners.editLabel")}
            data-testid="box3-partners-edit"
          >
            <PencilIcon aria-hidden="true" />
            {t("partners.edit")}
          </Button>
        ) : null
      }
    >
      <div className="grid gap-1 rounded-lg border px-3 py-2.5 text-sm">
        <p className="text-pretty" data-testid="box3-partners-text">
          {text}
        </p>
        <p className="text-xs text-muted-foreground text-pretty">{t("partners.hint")}</p>
      </div>
      {editing ? (
        <PartnersDialog account={account} year={data.year} onClose={() => setEditing(false)} />
      ) : null}
    </Box3Section>
  );
}

type PartnerValues = { mode: "alone" | "partners"; first: string; second: string; split: string };

const toRequest = (values: PartnerValues) => {
  const split =
    values.split.trim() === "" ? Number.NaN : (parsePercentBp(values.split) ?? Number.NaN);
  return values.mode === "alone"
    ? { partnerIds: [], firstPartnerSplitBp: Number.isInteger(split) ? split : 5_000 }
    : { partnerIds: [values.first, values.second], firstPartnerSplitBp: split };
};

/** A refused request's path as the form's field. */
const fieldOf = (path: string): keyof PartnerValues =>
  path === "firstPartnerSplitBp"
    ? "split"
    : path === "partnerIds.0"
      ? "first"
      : path.startsWith("partnerIds")
        ? "second"
        : "mode";

const resolver = schemaResolver(box3SettingsInputSchema, toRequest, fieldOf);

/** "Fiscal partners in {year}": everyone alone, or two people and the first one's part. */
function PartnersDialog({
  account,
  year,
  onClose,
}: {
  account: Account;
  year: number;
  onClose: () => void;
}) {
  const { t } = useTranslation("box3");
  const settings = useBox3Settings(year);
  const { people, nameOf, loading } = usePeople(account);
  return (
    <FormDialog
      title={t("dialog.title", { year })}
      description={t("dialog.description")}
      closeLabel={t("close")}
      testId="box3-partners-dialog"
      loading={settings.isPending || loading}
      onClose={onClose}
    >
      {settings.isError ? (
        <p className="text-sm text-destructive" role="alert">
          {t("dialog.loadFailed")} {errorText(t, settings.error)}
        </p>
      ) : settings.data ? (
        <PartnersForm
          year={year}
          settings={settings.data}
          people={people}
          nameOf={nameOf}
          onClose={onClose}
        />
      ) : null}
    </FormDialog>
  );
}

function PartnersForm({
  year,
  settings,
  people,
  nameOf,
  onClose,
}: {
  year: number;
  settings: Box3Settings;
  people: readonly HouseholdMemberRow[];
  nameOf: Box3NameOf;
  onClose: () => void;
}) {
  const { t } = useTranslation("box3");
  const format = useBox3Format();
  const language = useLanguage();
  const uid = useId();
  const save = useSaveBox3Settings();
  const [chosenFirst, chosenSecond] = settings.partnerIds;
  const form = useForm<PartnerValues>({
    resolver,
    defaultValues: {
      mode: chosenFirst && chosenSecond ? "partners" : "alone",
      first: chosenFirst ?? people[0]?.id ?? "",
      second: chosenSecond ?? people[1]?.id ?? "",
      split: formatPercentInput(settings.firstPartnerSplitBp, language),
    },
  });
  const {
    control,
    register,
    setValue,
    setError,
    handleSubmit,
    formState: { errors, isSubmitting, isSubmitted },
  } = form;
  const [mode, first, split] = useWatch({ control, name: ["mode", "first", "split"] });
  const rerun = () => {
    if (isSubmitted) void form.trigger();
  };
  // Someone who has left stays a choice while they are the stored partner.
  const options = [
    ...people.map((person) => ({ id: person.id, name: person.name })),
    ...settings.partnerIds
      .filter((id) => !people.some((person) => person.id === id))
      .map((id) => ({ id, name: nameOf(id) })),
  ];
  const splitBp = parsePercentBp(split);
  const rest =
    splitBp !== null && splitBp >= 0 && splitBp <= 10_000 ? format.share(10_000 - splitBp) : null;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const input = box3SettingsInputSchema.parse(toRequest(values));
      await save.mutateAsync({ year, input });
      toast.success(
        input.partnerIds.length === 2
          ? t("dialog.savedPartners", { year })
          : t("dialog.savedAlone", { year }),
      );
      onClose();
    } catch (error) {
      if (showServerErrors(error, setError, fieldOf)) return;
      toast.error(t("dialog.saveFailed"), { description: errorText(t, error) });
    }
  });

  const personSelect = (field: "first" | "second", label: string) => (
    <FormField label={label} error={errors[field]?.message}>
      <NativeSelect {...register(field, { onChange: rerun })}>
        <option value="">{t("dialog.choosePerson")}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid min-w-0 gap-4">
      <RadioCards
        name={`${uid}-mode`}
        legend={t("dialog.mode")}
        value={mode}
        options={[
          { value: "alone", label: t("dialog.alone"), description: t("dialog.aloneHint") },
          {
            value: "partners",
            label: t("dialog.partners"),
            description: t("dialog.partnersHint"),
          },
        ]}
        onChange={(value) => {
          setValue("mode", value);
          rerun();
        }}
      />
      {mode === "partners" ? (
        <>
          <div className="grid gap-4 sm:grid-cols-2">
            {personSelect("first", t("dialog.first"))}
            {personSelect("second", t("dialog.second"))}
          </div>
          <FormField
            label={t("dialog.split", {
              name: options.find((option) => option.id === first)?.name ?? t("dialog.firstPartner"),
            })}
            hint={rest ? t("dialog.splitHint", { rest }) : t("dialog.splitHintEmpty")}
            error={errors.split?.message}
            className="sm:max-w-[calc(50%-0.5rem)]"
          >
            <PercentInput {...register("split", { onChange: rerun })} />
          </FormField>
        </>
      ) : null}
      <FieldError message={errors.mode?.message} />
      <FormDialogFooter
        cancelLabel={t("cancel")}
        onCancel={onClose}
        pending={isSubmitting || save.isPending}
      >
        {t("dialog.save")}
      </FormDialogFooter>
    </form>
  );
}
