import { CloseButton, Dialog, Portal } from "@chakra-ui/react";
import { VerificationForm } from "@/components/ui/verification-form";
import { useApiClient } from "@/lib/api-provider";
import { useI18n } from "@/lib/i18n";
import { useModalGuard } from "@/lib/modal-guard";
import { useStore } from "@/lib/store";
import { sendVerificationCode } from "../api/send-verification-code";
import { verificationRequest } from "../stores/verification-request";

/** The step-up verification dialog (mounted once by the app shell). */
export function VerificationDialog() {
  const { t } = useI18n();
  const api = useApiClient();
  const asked = useStore(verificationRequest);
  const cancel = () => asked?.answer(null);
  useModalGuard(asked !== null, cancel);
  return (
    <Dialog.Root
      open={asked !== null}
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
              <Dialog.Title>{t("verify.title")}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body paddingBottom="6">
              {asked && (
                <VerificationForm
                  factors={asked.factors}
                  {...(asked.error !== undefined && { error: asked.error })}
                  submitLabel={t("verify.submit")}
                  onSendCode={() => sendVerificationCode(api)}
                  onSubmit={(codes) => {
                    asked.answer(codes);
                    return Promise.resolve(null);
                  }}
                />
              )}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t("verify.cancel")} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
