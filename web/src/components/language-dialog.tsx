import { Button, CloseButton, Dialog, Portal, Stack } from "@chakra-ui/react";
import type { RefObject } from "react";
import { toaster } from "@/components/ui/toaster-queue";
import { catalogueText } from "@/lib/live-text";
import { useI18n } from "@/lib/i18n";
import { LOCALES, type Locale } from "@/lib/locale";
import { useModalGuard } from "@/lib/modal-guard";

/** The language modal: each language named in its own language; the choice applies at once. */
export function LanguageDialog({
  open,
  onClose,
  returnFocus,
}: {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly returnFocus: RefObject<HTMLButtonElement | null>;
}) {
  const { locale, setLocale, t } = useI18n();
  useModalGuard(open, onClose);

  const choose = async (chosen: Locale) => {
    onClose();
    if (!(await setLocale(chosen))) {
      toaster.create({ type: "error", title: catalogueText("header.language_failed") });
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={({ open: next }) => !next && onClose()}
      placement="center"
      size="xs"
      finalFocusEl={() => returnFocus.current}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t("header.language")}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body paddingBottom="6">
              <Stack gap="2">
                {LOCALES.map(({ code, label }) => (
                  <Button
                    key={code}
                    lang={code}
                    variant={code === locale ? "solid" : "outline"}
                    colorPalette="teal"
                    aria-pressed={code === locale}
                    onClick={() => void choose(code)}
                  >
                    {label}
                  </Button>
                ))}
              </Stack>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t("app.close")} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
