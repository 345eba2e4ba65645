import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { FormField } from "#client/components/forms/form-field.tsx";
import { passwordMaxLength, passwordMinLength } from "#shared/password-rules.ts";
import { profileMessageKey } from "#shared/schemas/profile.schema.ts";

/** The numbers some messages name: how long a new password must or may be. */
const messageCounts: Record<string, number> = {
  "validation.newTooShort": passwordMinLength,
  "validation.newTooLong": passwordMaxLength,
};

/**
 * Turns a field's error into words in the current language: one of the shared schema's messages
 * (the form's and the server's), or a key of this namespace (`validation.…`, `common:errors.…`).
 */
function useFieldError() {
  const { t } = useTranslation("profile");
  return (message: string | undefined): string | undefined => {
    if (!message) return undefined;
    const key = profileMessageKey(message);
    if (key) return t(`validation.${key}`);
    if (message.startsWith("validation.") || message.startsWith("common:")) {
      return t(message, { count: messageCounts[message] });
    }
    return t("validation.invalid");
  };
}

/**
 * A profile field: `FormField` with the control's id `profile-<name>`, "(optional)" after the
 * label where it applies, and the error in the profile's words.
 */
export function ProfileField({
  name,
  label,
  optional = false,
  error,
  ...field
}: Omit<ComponentProps<typeof FormField>, "id" | "label"> & {
  name: string;
  label: string;
  optional?: boolean;
}) {
  const { t } = useTranslation("profile");
  const translate = useFieldError();
  return (
    <FormField
      id={`profile-${name}`}
      label={
        <>
          {label}
          {optional ? (
            <span className="font-normal text-muted-foreground">({t("fields.optional")})</span>
          ) : null}
        </>
      }
      error={translate(error)}
      {...field}
    />
  );
}
