import type * as React from "react";
import { useTranslation } from "react-i18next";

/**
 * What stands where content is on its way (a dialog's form in a deferred chunk, a date field):
 * a busy status region named "Loading" (or `label`), around the skeletons (`children`) of
 * what will be there. Other props (a ref, `tabIndex`, `onKeyDown`) go to the element.
 */
export function LoadingRegion({
  label,
  ...props
}: React.ComponentProps<"div"> & { label?: string | undefined }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true" aria-label={label ?? t("common:loading")} {...props} />
  );
}
