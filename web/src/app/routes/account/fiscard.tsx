import { PlaceholderPage } from "@/components/ui/placeholder-page";
import { useI18n } from "@/lib/i18n";

/** /account/fiscard: the USD balance and the card list (card issue). */
export function Component() {
  const { t } = useI18n();
  return <PlaceholderPage title={t("menu.card_account")} note={t("placeholder.later")} />;
}
