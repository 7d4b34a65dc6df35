import { Alert, Box, Button, Card, Code, Heading, Input, Stack, Text } from "@chakra-ui/react";
import { QRCodeSVG } from "qrcode.react";
import { useLocation } from "react-router-dom";
import useSWR from "swr";
import { CopyButton } from "@/components/ui/copy-button";
import { FormError, FormField, FormStack, applyRefusal, useDomainForm } from "@/components/ui/form";
import { PageSpinner } from "@/components/ui/page-spinner";
import { useI18n } from "@/lib/i18n";
import { finishEnrolment, startEnrolment, type EnrolmentKey } from "../api/enrolment";
import { useOpsClient } from "../api/ops-provider";
import { useOpsSession } from "./ops-session";
import { useOpsTitle } from "./use-ops-title";

interface EnrolValues {
  /** The link's, not typed: it goes with the values so that the domain's form checks them whole. */
  token: string;
  password: string;
  confirm: string;
  code: string;
}

const FIELDS = ["password", "confirm", "code"];

/**
 * /ops/enrol#<token>: the enrolment link's page. It shows the authenticator secret (a QR code and
 * the key), then asks a password twice and the authenticator's code; the operator is then logged in.
 */
export function EnrolPage() {
  const { t } = useI18n();
  useOpsTitle("ops.enrol.title");
  const api = useOpsClient();
  const token = useLocation().hash.replace(/^#/, "");
  // Started once per link: the secret is generated once per enrolment and answered again.
  const { data: key, error, isLoading } = useSWR<EnrolmentKey, Error>(token ? ["ops/enrolment/start", token] : null, async () => {
    const answer = await startEnrolment(api, token);
    if (!answer.ok) throw new Error(answer.message);
    return answer.content;
  }, { revalidateOnFocus: false, revalidateIfStale: false });

  return (
    <Card.Root maxWidth="xl" marginX="auto" marginTop={{ base: "4", md: "8" }}>
      <Card.Header>
        <Heading as="h1" size="lg">
          {t("ops.enrol.title")}
        </Heading>
      </Card.Header>
      <Card.Body>
        {isLoading ? (
          <PageSpinner />
        ) : !token || error || !key ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{error?.message ? error.message : t("ops.enrol.invalid")}</Alert.Title>
          </Alert.Root>
        ) : (
          <Stack gap="6">
            <Text>{t("ops.enrol.intro", { email: key.email })}</Text>
            <Stack direction={{ base: "column", sm: "row" }} gap="4" align={{ base: "start", sm: "center" }}>
              <Box bg="white" padding="2" rounded="md" borderWidth="1px">
                <QRCodeSVG value={key.otpauthUri} size={160} role="img" aria-label={t("ops.enrol.qr")} />
              </Box>
              <Stack gap="2" minWidth="0">
                <Text fontSize="sm" color="fg.muted">
                  {t("ops.enrol.secret")}
                </Text>
                <Code data-testid="enrol-secret" fontSize="md" wordBreak="break-all">
                  {key.secret}
                </Code>
                <Box>
                  <CopyButton value={key.secret} what={t("ops.enrol.secret")} />
                </Box>
              </Stack>
            </Stack>
            <EnrolForm token={token} />
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function EnrolForm({ token }: { readonly token: string }) {
  const { t } = useI18n();
  const api = useOpsClient();
  const { signIn } = useOpsSession();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useDomainForm<EnrolValues>({ form: "opsEnrolment", defaultValues: { token, password: "", confirm: "", code: "" } });

  const submit = handleSubmit(async (values) => {
    const answer = await finishEnrolment(api, values);
    if (answer.ok) signIn(answer.content);
    else applyRefusal(setError, answer, FIELDS);
  });

  return (
    <FormStack label={t("ops.enrol.form")} onSubmit={submit}>
      <FormField label={t("ops.field.new_password")} error={errors.password} required>
        <Input {...register("password")} type="password" autoComplete="new-password" />
      </FormField>
      <FormField label={t("ops.field.confirm")} error={errors.confirm} required>
        <Input {...register("confirm")} type="password" autoComplete="new-password" />
      </FormField>
      <FormField label={t("ops.field.code")} error={errors.code} required>
        <Input {...register("code")} inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
      </FormField>
      <FormError error={errors.root} />
      <Button type="submit" colorPalette="blue" loading={isSubmitting}>
        {t("ops.enrol.submit")}
      </Button>
    </FormStack>
  );
}
