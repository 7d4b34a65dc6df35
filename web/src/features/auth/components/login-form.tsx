import { Button, Input } from "@chakra-ui/react";
import { applyFieldErrors, FormError, FormField, FormStack, useDomainForm } from "@/components/ui/form";
import { useI18n } from "@/lib/i18n";
import type { SubmitStep } from "./submit-answer";

interface LoginValues {
  email: string;
  password: string;
}

export function LoginForm({ email, onSubmit }: { readonly email: string; readonly onSubmit: SubmitStep<LoginValues> }) {
  const { t } = useI18n();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useDomainForm<LoginValues>({ form: "login", defaultValues: { email, password: "" } });

  const submit = handleSubmit(async (values) => {
    const answer = await onSubmit(values);
    // A refusal that names no field (a wrong password, too many tries) shows above the button.
    if (answer && !answer.ok && !applyFieldErrors(setError, answer.fieldErrors, ["email", "password"])) {
      setError("root", { type: String(answer.statusCode), message: answer.message });
    }
  });

  return (
    <FormStack onSubmit={submit} label={t("auth.login.title")}>
      <FormField label={t("auth.email")} error={errors.email} required>
        <Input {...register("email")} type="email" autoComplete="username" />
      </FormField>
      <FormField label={t("auth.password")} error={errors.password} required>
        <Input {...register("password")} type="password" autoComplete="current-password" />
      </FormField>
      <FormError error={errors.root} />
      <Button type="submit" colorPalette="teal" loading={isSubmitting}>
        {t("auth.login.submit")}
      </Button>
    </FormStack>
  );
}
