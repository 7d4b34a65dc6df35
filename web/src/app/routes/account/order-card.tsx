import { PlaceholderPage } from "@/components/ui/placeholder-page";
import { useI18n } from "@/lib/i18n";

/** /account/order/card: the card order record (card issue). */
export function Component() {
  const { t } = useI18n();
  return <PlaceholderPage title={t("menu.order_history")} note={t("placeholder.later")} />;
}
