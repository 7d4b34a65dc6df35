import { Button, Clipboard, CloseButton, Code, Dialog, HStack, Image, Input, Portal, Stack, Text } from "@chakra-ui/react";
import { useMemo, useState } from "react";
import { applyFieldErrors, FormError, FormField, FormStack, useDomainForm } from "@/components/ui/form";
import { StatusCode } from "@/lib/api-client";
import { useApiClient } from "@/lib/api-provider";
import { useDomain } from "@/lib/domain";
import { useI18n } from "@/lib/i18n";
import { useModalGuard } from "@/lib/modal-guard";
import { bindAuthenticator } from "../api/bind-authenticator";
import type { AuthenticatorKey } from "../api/get-authenticator-key";

interface BindValues {
  mfaCode: string;
  remark: string;
}

/** Two steps: install an authenticator app; then scan the key, type its code and a device name. */
export function BindAuthenticatorWizard({
  bindingKey,
  onClose,
  onBound,
}: {
  readonly bindingKey: AuthenticatorKey;
  readonly onClose: () => void;
  readonly onBound: () => Promise<void>;
}) {
  const { t } = useI18n();
  const [step, setStep] = useState<1 | 2>(1);
  useModalGuard(true, onClose);
  return (
    <Dialog.Root open onOpenChange={({ open }) => !open && onClose()} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header flexDirection="column" alignItems="start">
              <Dialog.Title>{t("security.authenticators.bind_title")}</Dialog.Title>
              <Text fontSize="sm" color="fg.muted">
                {t("security.authenticators.step", { step, steps: 2 })}
              </Text>
            </Dialog.Header>
            <Dialog.Body paddingBottom="6">
              {step === 1 ? (
                <Stack gap="4">
                  <Text>{t("security.authenticators.install")}</Text>
                  <HStack justify="end">
                    <Button colorPalette="teal" onClick={() => setStep(2)}>
                      {t("auth.next")}
                    </Button>
                  </HStack>
                </Stack>
              ) : (
                <BindForm bindingKey={bindingKey} onBack={() => setStep(1)} onClose={onClose} onBound={onBound} />
              )}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t("security.cancel")} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function BindForm({
  bindingKey,
  onBack,
  onClose,
  onBound,
}: {
  readonly bindingKey: AuthenticatorKey;
  readonly onBack: () => void;
  readonly onClose: () => void;
  readonly onBound: () => Promise<void>;
}) {
  const { t } = useI18n();
  const api = useApiClient();
  const domain = useDomain();
  const { deviceNameMax } = useMemo(() => domain.constants(), [domain]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useDomainForm<BindValues>({ form: "bindAuthenticator", defaultValues: { mfaCode: "", remark: "" } });

  const submit = handleSubmit(async (values) => {
    const answer = await bindAuthenticator(api, values);
    if (answer.ok) await onBound();
    // The key expired (or was replaced): this wizard is done; Add issues a new one.
    else if (answer.statusCode === StatusCode.AuthenticatorKeyExpired) onClose();
    else applyFieldErrors(setError, answer.fieldErrors, ["mfaCode", "remark"]);
  });

  return (
    <FormStack onSubmit={submit} label={t("security.authenticators.bind_title")}>
      <Text>{t("security.authenticators.scan")}</Text>
      <Image src={bindingKey.codeImgUrl} alt={t("security.authenticators.qr")} boxSize="48" alignSelf="center" />
      <Clipboard.Root value={bindingKey.secretKey}>
        <Clipboard.Label>{t("security.authenticators.key")}</Clipboard.Label>
        <HStack>
          <Code wordBreak="break-all" flex="1" padding="2">
            {bindingKey.secretKey}
          </Code>
          <Clipboard.Trigger asChild>
            <Button size="sm" variant="outline">
              <Clipboard.Indicator copied={t("security.copied")}>{t("security.copy")}</Clipboard.Indicator>
            </Button>
          </Clipboard.Trigger>
        </HStack>
      </Clipboard.Root>
      <FormField label={t("verify.mfa_code")} error={errors.mfaCode} required>
        <Input {...register("mfaCode")} inputMode="numeric" autoComplete="one-time-code" />
      </FormField>
      <FormField
        label={t("security.authenticators.remark")}
        helperText={t("security.authenticators.remark_help", { max: deviceNameMax })}
        error={errors.remark}
        required
      >
        <Input {...register("remark")} autoComplete="off" />
      </FormField>
      <FormError error={errors.root} />
      <HStack justify="space-between">
        <Button variant="ghost" onClick={onBack}>
          {t("auth.back")}
        </Button>
        <Button type="submit" colorPalette="teal" loading={isSubmitting}>
          {t("security.authenticators.bind")}
        </Button>
      </HStack>
    </FormStack>
  );
}
