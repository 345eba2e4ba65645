import { useTranslation } from "react-i18next";
import { useLanguage } from "#client/lib/use-language.ts";
import { formatMoney, readMoney } from "#shared/money.ts";
import { ambiguousAmountSentence } from "#shared/amount-messages.ts";

/**
 * The line under an amount field while a person types: the amount it will save ("Saves
 * €12.35"), or when what is typed reads two ways ("12,345") both readings; nothing while it is
 * empty or not an amount.
 */
export function useAmountHint(text: string | undefined): string | undefined {
  const { t } = useTranslation("entries");
  const language = useLanguage();
  const typed = text ?? "";
  const reading = readMoney(typed);
  if (reading.kind === "amount") {
    return t("form.amountSaves", { amount: formatMoney(reading.cents, language) });
  }
  if (reading.kind === "ambiguous") return ambiguousAmountSentence(typed, language);
  return undefined;
}
