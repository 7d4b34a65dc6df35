import { PlaceholderPage } from "@/components/ui/placeholder-page";
import { useI18n } from "@/lib/i18n";

/** /my/payment/bank: the saved bank accounts (bank issue). */
export function Component() {
  const { t } = useI18n();
  return <PlaceholderPage title={t("menu.payment")} note={t("placeholder.later")} />;
}
