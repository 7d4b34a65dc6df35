import { Input } from "@chakra-ui/react";
import { useNavigate } from "react-router-dom";
import { applyRefusal, FormError, FormField, useDomainForm } from "@/components/ui/form";
import { paths } from "@/config/paths";
import { useApiClient } from "@/lib/api-provider";
import { useI18n } from "@/lib/i18n";
import { changePassword } from "../api/change-password";
import { PageForm } from "./page-form";

interface ChangePasswordValues {
  oldPassword: string;
  password: string;
  confirm: string;
}

const FIELDS = ["oldPassword", "password", "confirm"];

/** Change the login password (every other session ends). */
export function ChangePasswordForm() {
  const { t } = useI18n();
  const api = useApiClient();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useDomainForm<ChangePasswordValues>({
    form: "changePassword",
    defaultValues: { oldPassword: "", password: "", confirm: "" },
  });

  const submit = handleSubmit(async (values) => {
    const answer = await changePassword(api, values);
    // A wrong current password (or too many tries) names no field: it shows above the buttons.
    if (answer.ok) void navigate(paths.security);
    else applyRefusal(setError, answer, FIELDS);
  });

  return (
    <PageForm title={t("security.password.title")} submitLabel={t("security.save")} submitting={isSubmitting} onSubmit={submit}>
      <FormField label={t("security.password.old")} error={errors.oldPassword} required>
        <Input {...register("oldPassword")} type="password" autoComplete="current-password" />
      </FormField>
      <FormField label={t("security.password.new")} error={errors.password} required>
        <Input {...register("password")} type="password" autoComplete="new-password" />
      </FormField>
      <FormField label={t("security.password.confirm")} error={errors.confirm} required>
        <Input {...register("confirm")} type="password" autoComplete="new-password" />
      </FormField>
      <FormError error={errors.root} />
    </PageForm>
  );
}
