import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DateInput } from "#client/components/forms/date-input.tsx";
import { toast } from "#client/lib/toast.ts";
import { SubmitButton } from "#client/components/forms/submit-button.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { NativeSelect } from "#client/components/ui/select.tsx";
import { Separator } from "#client/components/ui/separator.tsx";
import { Textarea } from "#client/components/ui/textarea.tsx";
import { ApiError } from "#client/lib/api.ts";
import { applyLanguage, currentLanguage } from "#client/lib/i18n.ts";
import { today } from "#shared/dates.ts";
import { languages } from "#shared/i18n.ts";
import {
  profileFormSchema,
  profileLimits,
  type ProfileFormInput,
} from "#shared/schemas/profile.schema.ts";
import type { Profile } from "./profile.queries.ts";
import { useUpdateProfile } from "./profile.queries.ts";
import { ProfileField } from "./profile-field.tsx";

function toForm(profile: Profile): ProfileFormInput {
  return {
    fullName: profile.fullName,
    phone: profile.phone ?? "",
    dateOfBirth: profile.dateOfBirth ?? "",
    bio: profile.bio ?? "",
    street: profile.street ?? "",
    city: profile.city ?? "",
    postalCode: profile.postalCode ?? "",
    country: profile.country ?? "",
    preferredLanguage: profile.preferredLanguage,
  };
}

const fieldNames = Object.keys(profileFormSchema.shape) as (keyof ProfileFormInput)[];
function isFieldName(value: string): value is keyof ProfileFormInput {
  return (fieldNames as string[]).includes(value);
}

function SectionTitle({ id, children }: { id: string; children: string }) {
  return (
    <h3 id={id} className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
      {children}
    </h3>
  );
}

/** The profile's fields, checked by the same schema as the server's; saving shows a toast. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation("profile");
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<ProfileFormInput>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: toForm(profile),
  });
  const bio = useWatch({ control, name: "bio" });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      reset(toForm(saved));
      toast.success(t("toasts.updated"));
      if (saved.preferredLanguage !== currentLanguage())
        await applyLanguage(saved.preferredLanguage);
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (isFieldName(field)) setError(field, { type: "server", message });
        }
      }
      toast.error(t("toasts.updateFailed"));
    }
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="grid gap-8"
      aria-label={t("general.title")}
    >
      <section className="grid gap-5" aria-labelledby="profile-about">
        <SectionTitle id="profile-about">{t("general.about")}</SectionTitle>
        <div className="grid gap-5 sm:grid-cols-2">
          <ProfileField
            name="fullName"
            label={t("fields.fullName")}
            error={errors.fullName?.message}
          >
            <Input autoComplete="name" {...register("fullName")} />
          </ProfileField>
          <ProfileField name="email" label={t("fields.email")} hint={t("fields.emailHint")}>
            <Input
              type="email"
              value={profile.email}
              readOnly
              className="bg-muted/50 text-muted-foreground"
            />
          </ProfileField>
          <ProfileField
            name="phone"
            label={t("fields.phone")}
            optional
            error={errors.phone?.message}
          >
            <Input
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder={t("fields.phonePlaceholder")}
              {...register("phone")}
            />
          </ProfileField>
          <ProfileField
            name="dateOfBirth"
            label={t("fields.dateOfBirth")}
            optional
            error={errors.dateOfBirth?.message}
          >
            <DateInput
              autoComplete="bday"
              min="1900-01-01"
              max={today()}
              {...register("dateOfBirth")}
            />
          </ProfileField>
          <ProfileField
            name="bio"
            label={t("fields.bio")}
            optional
            className="sm:col-span-2"
            hint={t("fields.bioCount", { count: bio.length, max: profileLimits.bio })}
            error={errors.bio?.message}
          >
            <Textarea rows={3} placeholder={t("fields.bioPlaceholder")} {...register("bio")} />
          </ProfileField>
        </div>
      </section>

      <Separator />

      <section className="grid gap-5" aria-labelledby="profile-address">
        <SectionTitle id="profile-address">{t("general.address")}</SectionTitle>
        <div className="grid gap-5 sm:grid-cols-6">
          <ProfileField
            name="street"
            label={t("fields.street")}
            optional
            className="sm:col-span-6"
            error={errors.street?.message}
          >
            <Input autoComplete="street-address" {...register("street")} />
          </ProfileField>
          <ProfileField
            name="postalCode"
            label={t("fields.postalCode")}
            optional
            className="sm:col-span-2"
            error={errors.postalCode?.message}
          >
            <Input autoComplete="postal-code" {...register("postalCode")} />
          </ProfileField>
          <ProfileField
            name="city"
            label={t("fields.city")}
            optional
            className="sm:col-span-4"
            error={errors.city?.message}
          >
            <Input autoComplete="address-level2" {...register("city")} />
          </ProfileField>
          <ProfileField
            name="country"
            label={t("fields.country")}
            optional
            className="sm:col-span-3"
            error={errors.country?.message}
          >
            <Input autoComplete="country-name" {...register("country")} />
          </ProfileField>
        </div>
      </section>

      <Separator />

      <section className="grid gap-5" aria-labelledby="profile-preferences">
        <SectionTitle id="profile-preferences">{t("general.preferences")}</SectionTitle>
        <ProfileField
          name="preferredLanguage"
          label={t("fields.preferredLanguage")}
          hint={t("fields.preferredLanguageHint")}
          className="sm:max-w-xs"
          error={errors.preferredLanguage?.message}
        >
          <NativeSelect {...register("preferredLanguage")}>
            {languages.map((language) => (
              <option key={language} value={language} lang={language}>
                {t(`languages.${language}`)}
              </option>
            ))}
          </NativeSelect>
        </ProfileField>
      </section>

      <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-end">
        {isDirty ? (
          <p className="text-sm text-muted-foreground sm:mr-auto">{t("general.unsaved")}</p>
        ) : null}
        <SubmitButton size="lg" pending={isSubmitting}>
          {isSubmitting ? t("general.saving") : t("general.save")}
        </SubmitButton>
      </div>
    </form>
  );
}
