import { Alert, Button, Card, CheckboxGroup, Checkbox, Code, Heading, Input, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { Controller } from "react-hook-form";
import { useSWRConfig } from "swr";
import { CopyButton } from "@/components/ui/copy-button";
import { FormError, FormField, FormStack, applyRefusal, useDomainForm } from "@/components/ui/form";
import { useI18n } from "@/lib/i18n";
import type { OpsRole } from "../api/get-me";
import { inviteOperator, operatorsKey, type InvitedOperator } from "../api/operators";
import { useOpsClient } from "../api/ops-provider";
import { GroupError } from "./group-error";

interface InviteValues {
  email: string;
  roles: OpsRole[];
}

const ROLES: readonly OpsRole[] = ["reviewer", "finance", "admin"];
const FIELDS = ["email", "roles"];

/**
 * Invite an operator (admin): e-mail (the domain's `EmailForm`, as the server reads it) and roles;
 * the answer's enrolment link is shown to pass on.
 */
export function InviteForm() {
  const { t } = useI18n();
  const api = useOpsClient();
  const { mutate } = useSWRConfig();
  const [invited, setInvited] = useState<InvitedOperator | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useDomainForm<InviteValues>({ form: "email", defaultValues: { email: "", roles: ["reviewer"] } });

  const submit = handleSubmit(async (values) => {
    const answer = await inviteOperator(api, values);
    if (!answer.ok) {
      applyRefusal(setError, answer, FIELDS);
      return;
    }
    setInvited(answer.content);
    reset();
    await mutate(operatorsKey);
  });

  return (
    <Card.Root as="section" aria-labelledby="ops-invite">
      <Card.Header>
        <Heading as="h2" size="md" id="ops-invite">
          {t("ops.operators.invite")}
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          <FormStack label={t("ops.operators.invite")} onSubmit={submit}>
            <FormField label={t("ops.field.email")} error={errors.email} required>
              <Input {...register("email")} type="email" autoComplete="off" />
            </FormField>
            <Stack gap="1.5">
              <Controller
                control={control}
                name="roles"
                render={({ field }) => (
                  <CheckboxGroup value={field.value} onValueChange={(value) => field.onChange(value)} aria-labelledby="ops-invite-roles" aria-describedby="ops-invite-roles-error">
                    <Text id="ops-invite-roles" fontWeight="medium" fontSize="sm">
                      {t("ops.operators.roles")}
                    </Text>
                    <Stack direction={{ base: "column", sm: "row" }} gap="4">
                      {ROLES.map((role) => (
                        <Checkbox.Root key={role} value={role}>
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                          <Checkbox.Label>{t(`ops.role.${role}`)}</Checkbox.Label>
                        </Checkbox.Root>
                      ))}
                    </Stack>
                  </CheckboxGroup>
                )}
              />
              <GroupError id="ops-invite-roles-error" message={errors.roles?.message} />
            </Stack>
            <FormError error={errors.root} />
            <Stack direction="row">
              <Button type="submit" colorPalette="blue" loading={isSubmitting}>
                {t("ops.operators.invite_submit")}
              </Button>
            </Stack>
          </FormStack>
          {invited && (
            <Alert.Root status="success" role="status">
              <Alert.Indicator />
              <Alert.Content gap="2" minWidth="0">
                <Alert.Title>{t("ops.operators.invited", { email: invited.operator.email })}</Alert.Title>
                <Text fontSize="sm">{t("ops.operators.link_help")}</Text>
                <Code data-testid="enrolment-url" wordBreak="break-all">
                  {invited.enrolmentUrl}
                </Code>
                <Stack direction="row">
                  <CopyButton value={invited.enrolmentUrl} what={t("ops.operators.link")} />
                </Stack>
              </Alert.Content>
            </Alert.Root>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
