import { Button, Dialog, Portal } from "@chakra-ui/react";
import { useI18n } from "@/lib/i18n";
import { useModalGuard } from "@/lib/modal-guard";
import { useStore } from "@/lib/store";
import { question } from "./confirm-store";

/** The one confirm dialog (mounted once by the app shell). */
export function ConfirmDialog() {
  const { t } = useI18n();
  const asked = useStore(question);
  const cancel = () => asked?.answer(false);
  useModalGuard(asked !== null, cancel);
  return (
    <Dialog.Root
      open={asked !== null}
      role="alertdialog"
      placement="center"
      onOpenChange={({ open }) => {
        if (!open) cancel();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t("confirm.title")}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{asked?.message}</Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={cancel}>
                {t("confirm.cancel")}
              </Button>
              <Button colorPalette="teal" onClick={() => asked?.answer(true)}>
                {t("confirm.ok")}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
