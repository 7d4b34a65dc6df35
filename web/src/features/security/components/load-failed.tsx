import { Alert, Button } from "@chakra-ui/react";
import { useI18n } from "@/lib/i18n";

/** A read failed: say so and offer to try again. */
export function LoadFailed({ onRetry }: { readonly onRetry: () => void }) {
  const { t } = useI18n();
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title flex="1">{t("app.load_failed")}</Alert.Title>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {t("app.retry")}
      </Button>
    </Alert.Root>
  );
}
