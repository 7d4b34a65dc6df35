import { Input } from "@chakra-ui/react";
import { useNavigate } from "react-router-dom";
import { applyRefusal, FormError, FormField, useDomainForm } from "@/components/ui/form";
import { paths } from "@/config/paths";
import { useApiClient, useApiLoader } from "@/lib/api-provider";
import { useI18n } from "@/lib/i18n";
import { securityConfigKey } from "../api/get-security-config";
import { setPin } from "../api/set-pin";
import { PageForm } from "./page-form";

interface SetPinValues {
  password: string;
  confirm: string;
}

/** Set or change the 6-digit security code. */
export function SetPinForm() {
  const { t } = useI18n();
  const api = useApiClient();
  const navigate = useNavigate();
  const load = useApiLoader();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useDomainForm<SetPinValues>({ form: "setPin", defaultValues: { password: "", confirm: "" } });

  const submit = handleSubmit(async (values) => {
    const answer = await setPin(api, values);
    if (!answer.ok) {
      applyRefusal(setError, answer, ["password", "confirm"]);
      return;
    }
    await load(securityConfigKey);
    void navigate(paths.security);
  });

  return (
    <PageForm title={t("security.pin.title")} submitLabel={t("security.save")} submitting={isSubmitting} onSubmit={submit}>
      <FormField label={t("security.pin.new")} helperText={t("security.pin.help")} error={errors.password} required>
        <Input {...register("password")} type="password" inputMode="numeric" autoComplete="off" maxLength={6} />
      </FormField>
      <FormField label={t("security.pin.confirm")} error={errors.confirm} required>
        <Input {...register("confirm")} type="password" inputMode="numeric" autoComplete="off" maxLength={6} />
      </FormField>
      <FormError error={errors.root} />
    </PageForm>
  );
}
