import { Button } from "@chakra-ui/react";
import { toaster } from "@/components/ui/toaster-queue";
import { catalogueText } from "@/lib/live-text";
import { useI18n } from "@/lib/i18n";

/** Copies `value` to the clipboard and says so ("Copy Successfully"); named after what it copies. */
export function CopyButton({ value, what }: { readonly value: string; readonly what: string }) {
  const { t } = useI18n();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toaster.create({ type: "success", title: catalogueText("app.copied") });
    } catch {
      toaster.create({ type: "error", title: catalogueText("app.copy_failed") });
    }
  };
  return (
    <Button size="xs" variant="outline" flexShrink="0" onClick={() => void copy()} aria-label={t("app.copy_named", { what })}>
      {t("app.copy")}
    </Button>
  );
}
