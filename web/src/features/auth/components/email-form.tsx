import { Button, Input } from "@chakra-ui/react";
import { applyFieldErrors, FormError, FormField, FormStack, useDomainForm } from "@/components/ui/form";
import { useI18n } from "@/lib/i18n";
import type { SubmitStep } from "./submit-answer";

interface EmailValues {
  email: string;
}

/** Register and recover, step 1: the address the code goes to. */
export function EmailForm({
  email,
  submitLabel,
  onSubmit,
}: {
  readonly email: string;
  readonly submitLabel: string;
  readonly onSubmit: SubmitStep<EmailValues>;
}) {
  const { t } = useI18n();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useDomainForm<EmailValues>({ form: "email", defaultValues: { email } });

  const submit = handleSubmit(async (values) => {
    const answer = await onSubmit(values);
    if (answer && !answer.ok) applyFieldErrors(setError, answer.fieldErrors, ["email"]);
  });

  return (
    <FormStack onSubmit={submit} label={t("auth.step.form")}>
      <FormField label={t("auth.email")} error={errors.email} required>
        <Input {...register("email")} type="email" autoComplete="email" />
      </FormField>
      <FormError error={errors.root} />
      <Button type="submit" colorPalette="teal" loading={isSubmitting}>
        {submitLabel}
      </Button>
    </FormStack>
  );
}
