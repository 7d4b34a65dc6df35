import { HStack, Input, Skeleton } from "@chakra-ui/react";
import type { Factors } from "domain-wasm";
import { useCallback, useMemo } from "react";
import { useNavigate } from "react-router-dom";
import { applyRefusal, FormError, FormField, useDomainForm } from "@/components/ui/form";
import { codeFieldBesideSendButton, SendCodeButton } from "@/components/ui/send-code-button";
import { paths } from "@/config/paths";
import { useApiClient, useApiLoader } from "@/lib/api-provider";
import { useDomain } from "@/lib/domain";
import { useI18n } from "@/lib/i18n";
import { bindMobile, type BindMobileBody } from "../api/bind-mobile";
import { useCountries } from "@/lib/countries";
import { securityConfigKey, useSecurityConfig } from "../api/get-security-config";
import { sendVerificationCode } from "../api/send-verification-code";
import { CountryPicker } from "./country-picker";
import { toDomainConfig } from "./domain-config";
import { LoadFailed } from "@/components/ui/load-failed";
import { PageForm } from "./page-form";

const FIELDS = ["mobileCountry", "mobileCode", "mobile", "mfaCode", "emailCaptcha"];

type BindMobileValues = Required<BindMobileBody>;

/** Bind or replace the mobile (SPEC §2 "EnableSMS"); `onBound` reloads the user's data. */
export function BindMobileForm({ onBound }: { readonly onBound: () => Promise<void> }) {
  const domain = useDomain();
  const config = useSecurityConfig();
  const countries = useCountries();
  const factors = useMemo(
    () => config.data && domain.requiredFactors("mobileBind", toDomainConfig(config.data)),
    [config.data, domain],
  );
  if (config.error || countries.error) {
    return (
      <LoadFailed
        onRetry={() => {
          void config.mutate();
          void countries.mutate();
        }}
      />
    );
  }
  if (!factors || !countries.data) return <Skeleton height="64" maxWidth="lg" />;
  return <Form factors={factors} countries={countries.data} onBound={onBound} />;
}

function Form({
  factors,
  countries,
  onBound,
}: {
  readonly factors: Factors;
  readonly countries: NonNullable<ReturnType<typeof useCountries>["data"]>;
  readonly onBound: () => Promise<void>;
}) {
  const { t } = useI18n();
  const api = useApiClient();
  const load = useApiLoader();
  const navigate = useNavigate();
  const context = useCallback(() => factors, [factors]);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useDomainForm<BindMobileValues>({
    form: "bindMobile",
    context,
    defaultValues: { mobileCountry: "", mobileCode: "", mobile: "", mfaCode: "", emailCaptcha: "" },
  });
  const country = watch("mobileCountry");

  const submit = handleSubmit(async (values) => {
    const body: BindMobileBody = {
      mobileCountry: values.mobileCountry,
      mobileCode: values.mobileCode,
      mobile: values.mobile,
      ...(factors.mfa && { mfaCode: values.mfaCode }),
      ...(factors.email && { emailCaptcha: values.emailCaptcha }),
    };
    const answer = await bindMobile(api, body);
    if (!answer.ok) {
      applyRefusal(setError, answer, FIELDS);
      return;
    }
    await Promise.all([onBound(), load(securityConfigKey)]);
    void navigate(`${paths.security}#mobile`);
  });

  return (
    <PageForm title={t("security.mobile.title")} submitLabel={t("security.mobile.submit")} submitting={isSubmitting} onSubmit={submit}>
      <FormField label={t("security.mobile.country")} error={errors.mobileCountry ?? errors.mobileCode} required>
        <CountryPicker
          label={t("security.mobile.country")}
          countries={countries}
          value={country}
          invalid={errors.mobileCountry !== undefined}
          onChange={(chosen) => {
            setValue("mobileCountry", chosen.code, { shouldValidate: true, shouldTouch: true });
            setValue("mobileCode", chosen.mobileCode, { shouldValidate: true });
          }}
        />
      </FormField>
      <FormField label={t("security.mobile.number")} error={errors.mobile} required>
        <Input {...register("mobile")} type="tel" inputMode="tel" autoComplete="tel-national" />
      </FormField>
      {factors.email && (
        <FormField label={t("verify.email_code")} error={errors.emailCaptcha} required>
          <HStack width="full" align="start" wrap="wrap" rowGap="1">
            <Input {...codeFieldBesideSendButton(register("emailCaptcha"))} flex="1" minWidth="0" inputMode="numeric" autoComplete="one-time-code" />
            <SendCodeButton onSend={() => sendVerificationCode(api)} />
          </HStack>
        </FormField>
      )}
      {factors.mfa && (
        <FormField label={t("verify.mfa_code")} error={errors.mfaCode} required>
          <Input {...register("mfaCode")} inputMode="numeric" autoComplete="one-time-code" />
        </FormField>
      )}
      <FormError error={errors.root} />
    </PageForm>
  );
}
