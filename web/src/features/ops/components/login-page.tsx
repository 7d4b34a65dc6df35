import { Button, Card, Heading, Input } from "@chakra-ui/react";
import { FormError, FormField, FormStack, applyRefusal, useDomainForm } from "@/components/ui/form";
import { useI18n } from "@/lib/i18n";
import { opsLogin } from "../api/login";
import { useOpsClient } from "../api/ops-provider";
import { useOpsSession } from "./ops-session";
import { useOpsTitle } from "./use-ops-title";

interface LoginValues {
  email: string;
  password: string;
  code: string;
}

const FIELDS = ["email", "password", "code"];

/** /ops/login: e-mail, password and authenticator code, always (the domain's `OpsLoginForm`). */
export function LoginPage() {
  const { t } = useI18n();
  useOpsTitle("ops.login.title");
  const api = useOpsClient();
  const { signIn } = useOpsSession();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useDomainForm<LoginValues>({ form: "opsLogin", defaultValues: { email: "", password: "", code: "" } });

  const submit = handleSubmit(async (values) => {
    const answer = await opsLogin(api, values);
    if (answer.ok) signIn(answer.content);
    else applyRefusal(setError, answer, FIELDS);
  });

  return (
    <Card.Root maxWidth="md" marginX="auto" marginTop={{ base: "4", md: "12" }}>
      <Card.Header>
        <Heading as="h1" size="lg">
          {t("ops.login.title")}
        </Heading>
      </Card.Header>
      <Card.Body>
        <FormStack label={t("ops.login.title")} onSubmit={submit}>
          <FormField label={t("ops.field.email")} error={errors.email} required>
            <Input {...register("email")} type="email" autoComplete="username" />
          </FormField>
          <FormField label={t("ops.field.password")} error={errors.password} required>
            <Input {...register("password")} type="password" autoComplete="current-password" />
          </FormField>
          <FormField label={t("ops.field.code")} error={errors.code} required>
            <Input {...register("code")} inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
          </FormField>
          <FormError error={errors.root} />
          <Button type="submit" colorPalette="blue" loading={isSubmitting}>
            {t("ops.login.submit")}
          </Button>
        </FormStack>
      </Card.Body>
    </Card.Root>
  );
}
