import { PlaceholderPage } from "@/components/ui/placeholder-page";
import { useI18n } from "@/lib/i18n";

/** /my/profile: identity, investor, AML and QI (identity issue). */
export function Component() {
  const { t } = useI18n();
  return <PlaceholderPage title={t("menu.profile")} note={t("placeholder.later")} />;
}
