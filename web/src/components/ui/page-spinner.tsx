import { Center, Spinner } from "@chakra-ui/react";
import { useI18n } from "@/lib/i18n";

export function PageSpinner() {
  const { t } = useI18n();
  return (
    <Center minHeight="40vh">
      <Spinner size="lg" aria-label={t("app.loading")} />
    </Center>
  );
}
