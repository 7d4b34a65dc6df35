import { Alert, Button } from "@chakra-ui/react";
import { useI18n } from "@/lib/i18n";
import type { MessageKey } from "@/lib/locale";

/** A read failed: say so (`title`, by default "This could not be loaded.") and offer to try again. */
export function LoadFailed({ onRetry, title = "app.load_failed" }: { readonly onRetry: () => void; readonly title?: MessageKey }) {
  const { t } = useI18n();
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title flex="1">{t(title)}</Alert.Title>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {t("app.retry")}
      </Button>
    </Alert.Root>
  );
}
