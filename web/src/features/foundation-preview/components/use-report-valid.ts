import { toaster } from "@/components/ui/toaster-queue";
import { useI18n } from "@/lib/i18n";

/** There is no server yet: a valid submit only says so. */
export function useReportValid(): () => void {
  const { t } = useI18n();
  return () => {
    toaster.create({
      type: "success",
      title: t("preview.valid"),
      description: t("preview.valid_detail"),
    });
  };
}
