import { IconButton } from "@chakra-ui/react";
import { toaster } from "@/components/ui/toaster-queue";
import { useI18n } from "@/lib/i18n";

/** Copies `value` and says so ("Copy Successfully"); named after the field it copies. */
export function CopyValueButton({ value, what }: { readonly value: string; readonly what: string }) {
  const { t } = useI18n();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toaster.create({ type: "success", title: t("card.copied") });
    } catch {
      toaster.create({ type: "error", title: t("card.copy_failed") });
    }
  };
  return (
    <IconButton size="xs" variant="ghost" flexShrink="0" aria-label={t("card.copy_named", { what })} onClick={() => void copy()}>
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
        <rect x="5" y="5" width="9" height="9" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path d="M11 5V3.5A1.5 1.5 0 0 0 9.5 2h-6A1.5 1.5 0 0 0 2 3.5v6A1.5 1.5 0 0 0 3.5 11H5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      </svg>
    </IconButton>
  );
}
