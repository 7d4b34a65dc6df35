import { PlaceholderPage } from "@/components/ui/placeholder-page";
import { useI18n } from "@/lib/i18n";

/** /my/payment/bank-add: the add-bank form (bank issue). */
export function Component() {
  const { t } = useI18n();
  return <PlaceholderPage title={t("payment.add_bank")} note={t("placeholder.later")} />;
}
