import { useEffect } from "react";
import { useI18n } from "@/lib/i18n";
import type { MessageKey } from "@/lib/locale";

/** The page's title in the operator's language (WCAG 2.4.2). */
export function useOpsTitle(key: MessageKey): void {
  const { t } = useI18n();
  const title = t(key);
  const console = t("ops.title");
  useEffect(() => {
    document.title = `${title} · ${console}`;
  }, [title, console]);
}
