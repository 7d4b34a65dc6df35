import { Alert, Button, HStack, Input } from "@chakra-ui/react";
import type { Factors } from "domain-wasm";
import { useCallback } from "react";
import { applyFieldErrors, FormError, FormField, FormStack, useDomainForm } from "@/components/ui/form";
import type { ApiResult } from "@/lib/api-client";
import { useI18n } from "@/lib/i18n";
import { codeFieldBesideSendButton, SendCodeButton, type SendOutcome } from "./send-code-button";

export interface VerificationCodes {
  emailCaptcha?: string;
  mfaCode?: string;
  securityPassword?: string;
}

export interface VerificationFormProps {
  /** Exactly the codes asked for. */
  readonly factors: Factors;
  readonly submitLabel: string;
  /** Mails the e-mail code (shown when the e-mail factor is asked). */
  readonly onSendCode?: () => Promise<SendOutcome>;
  /** The e-mail code was mailed just before: its button starts counting down. */
  readonly codeSent?: boolean;
  /** Why the codes typed last were refused. */
  readonly error?: string;
  readonly onBack?: () => void;
  readonly backLabel?: string;
  readonly onSubmit: (codes: VerificationCodes) => Promise<ApiResult<unknown> | null>;
}

const FIELDS = ["emailCaptcha", "mfaCode", "securityPassword"];

/** The step-up codes (e-mail code, authenticator code, security PIN) for exactly `factors`. */
export function VerificationForm({
  factors,
  submitLabel,
  onSendCode,
  codeSent,
  error,
  onBack,
  backLabel,
  onSubmit,
}: VerificationFormProps) {
  const { t } = useI18n();
  const context = useCallback(() => factors, [factors]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useDomainForm<VerificationCodes>({
    form: "verification",
    context,
    defaultValues: { emailCaptcha: "", mfaCode: "", securityPassword: "" },
  });

  const submit = handleSubmit(async (values) => {
    const codes: VerificationCodes = {
      ...(factors.email && { emailCaptcha: values.emailCaptcha }),
      ...(factors.mfa && { mfaCode: values.mfaCode }),
      ...(factors.security && { securityPassword: values.securityPassword }),
    };
    const answer = await onSubmit(codes);
    // A refusal that names no field (a wrong code, too many tries) shows above the buttons.
    if (answer && !answer.ok && !applyFieldErrors(setError, answer.fieldErrors, FIELDS)) {
      setError("root", { type: String(answer.statusCode), message: answer.message });
    }
  });

  return (
    <FormStack onSubmit={submit} label={t("verify.title")}>
      {error && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
      )}
      {factors.email && (
        <FormField label={t("verify.email_code")} error={errors.emailCaptcha} required>
          <HStack width="full" align="start" wrap="wrap" rowGap="1">
            <Input {...codeFieldBesideSendButton(register("emailCaptcha"))} flex="1" minWidth="0" inputMode="numeric" autoComplete="one-time-code" />
            {onSendCode && <SendCodeButton onSend={onSendCode} sent={codeSent === true} />}
          </HStack>
        </FormField>
      )}
      {factors.mfa && (
        <FormField label={t("verify.mfa_code")} error={errors.mfaCode} required>
          <Input {...register("mfaCode")} inputMode="numeric" autoComplete="one-time-code" />
        </FormField>
      )}
      {factors.security && (
        <FormField label={t("verify.security_password")} error={errors.securityPassword} required>
          <Input {...register("securityPassword")} type="password" inputMode="numeric" autoComplete="off" />
        </FormField>
      )}
      <FormError error={errors.root} />
      <HStack justify={onBack ? "space-between" : "end"}>
        {onBack && (
          <Button variant="ghost" onClick={onBack}>
            {backLabel ?? t("auth.back")}
          </Button>
        )}
        <Button type="submit" colorPalette="teal" loading={isSubmitting}>
          {submitLabel}
        </Button>
      </HStack>
    </FormStack>
  );
}
