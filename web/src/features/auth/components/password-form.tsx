import { Button, HStack, Input } from "@chakra-ui/react";
import { applyFieldErrors, FormError, FormField, FormStack, useDomainForm } from "@/components/ui/form";
import { useI18n } from "@/lib/i18n";
import type { SubmitStep } from "./submit-answer";

interface PasswordValues {
  password: string;
  confirm: string;
}

/** Register and recover, last step: the new password twice. */
export function PasswordForm({
  submitLabel,
  onBack,
  onSubmit,
}: {
  readonly submitLabel: string;
  readonly onBack: () => void;
  readonly onSubmit: SubmitStep<PasswordValues>;
}) {
  const { t } = useI18n();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useDomainForm<PasswordValues>({ form: "newPassword", defaultValues: { password: "", confirm: "" } });

  const submit = handleSubmit(async (values) => {
    const answer = await onSubmit(values);
    if (answer && !answer.ok) applyFieldErrors(setError, answer.fieldErrors, ["password", "confirm"]);
  });

  return (
    <FormStack onSubmit={submit} label={t("auth.step.password")}>
      <FormField label={t("auth.new_password")} error={errors.password} required>
        <Input {...register("password")} type="password" autoComplete="new-password" />
      </FormField>
      <FormField label={t("auth.confirm_password")} error={errors.confirm} required>
        <Input {...register("confirm")} type="password" autoComplete="new-password" />
      </FormField>
      <FormError error={errors.root} />
      <HStack justify="space-between">
        <Button variant="ghost" onClick={onBack}>
          {t("auth.back")}
        </Button>
        <Button type="submit" colorPalette="teal" loading={isSubmitting}>
          {submitLabel}
        </Button>
      </HStack>
    </FormStack>
  );
}
