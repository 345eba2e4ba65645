import { FormField } from "#client/components/forms/form-field.tsx";
import { NativeSelect } from "#client/components/ui/select.tsx";
import type { Account } from "#client/features/account/account.queries.ts";
import { usePeople } from "#client/features/savings/use-people.ts";

/** The choice that stands for the household as a whole (no member). */
export const household = "household";

/**
 * Whose a tax record is: the household's (everyone's), or one person's. A person who has left
 * stays a choice while the record is theirs (`current`).
 */
export function WhoseSelect({
  account,
  label,
  error,
  hint,
  householdLabel,
  current,
  ...select
}: React.ComponentProps<"select"> & {
  account: Account;
  label: string;
  error?: string | undefined;
  hint?: string;
  householdLabel: string;
  current?: string | null;
}) {
  const { people, nameOf } = usePeople(account);
  const former = current && !people.some((person) => person.id === current) ? current : null;
  return (
    <FormField label={label} error={error} hint={hint}>
      <NativeSelect {...select}>
        <option value={household}>{householdLabel}</option>
        {people.map((person) => (
          <option key={person.id} value={person.id}>
            {person.name}
          </option>
        ))}
        {former ? <option value={former}>{nameOf(former)}</option> : null}
      </NativeSelect>
    </FormField>
  );
}
