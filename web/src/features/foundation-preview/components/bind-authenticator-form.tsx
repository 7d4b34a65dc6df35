import { Input } from "@chakra-ui/react";
import { useMemo } from "react";
import { FormError, FormField, useDomainForm } from "@/components/ui/form";
import { useDomain } from "@/lib/domain";
import { useI18n } from "@/lib/i18n";
import { PreviewFormCard } from "./preview-form-card";
import { useReportValid } from "./use-report-valid";

interface BindAuthenticatorValues {
  mfaCode: string;
  remark: string;
}

/** Step 2 of the authenticator wizard: the code from the app and a name for the device. */
export function BindAuthenticatorForm() {
  const { t } = useI18n();
  const domain = useDomain();
  const { deviceNameMax } = useMemo(() => domain.constants(), [domain]);
  const reportValid = useReportValid();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useDomainForm<BindAuthenticatorValues>({
    form: "bindAuthenticator",
    defaultValues: { mfaCode: "", remark: "" },
  });

  return (
    <PreviewFormCard
      title={t("preview.bind_authenticator.title")}
      onSubmit={handleSubmit(reportValid)}
      submitting={isSubmitting}
    >
      <FormField
        label={t("preview.bind_authenticator.mfa_code")}
        helperText={t("preview.bind_authenticator.mfa_code_help")}
        error={errors.mfaCode}
        required
      >
        <Input {...register("mfaCode")} inputMode="numeric" autoComplete="one-time-code" />
      </FormField>
      <FormField
        label={t("preview.bind_authenticator.remark")}
        helperText={t("preview.bind_authenticator.remark_help", { max: deviceNameMax })}
        error={errors.remark}
        required
      >
        <Input {...register("remark")} autoComplete="off" />
      </FormField>
      <FormError error={errors.root} />
    </PreviewFormCard>
  );
}
