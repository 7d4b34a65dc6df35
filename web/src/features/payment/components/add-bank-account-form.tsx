import { Button, Card, Heading, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router-dom";
import { applyRefusal, CountrySelect, FormError, FormField, FormStack, useDomainForm } from "@/components/ui/form";
import { paths } from "@/config/paths";
import { useApiClient } from "@/lib/api-provider";
import { useI18n } from "@/lib/i18n";
import { addBankAccount } from "../api/bank-accounts";

const FIELDS = ["nickname", "bankCountry", "bankName", "bankAddress", "accountNumber", "swiftCode", "routingNumber", "accountAddress"] as const;
type Values = Record<(typeof FIELDS)[number], string>;

/** How long the saved notice shows before the form goes back (SPEC §2 "Add bank form"). */
export const BACK_AFTER_MS = 500;

/**
 * /my/payment/bank-add, AddBank (SPEC §2, §5): the holder shown, never typed (the verified name,
 * a company investor's company name); the eight fields checked by the domain as they are typed
 * (the routing number only for a US bank); saved after the verification the trade policy asks
 * for; back to the previous page 500 ms after.
 */
export function AddBankAccountForm({ holder }: { readonly holder: string | null | undefined }) {
  const { t } = useI18n();
  const api = useApiClient();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const { register, handleSubmit, setError, watch, formState } = useDomainForm<Values>({
    form: "bankAccount",
    // The routing number, shown only for a US bank, is not part of the form otherwise.
    shouldUnregister: true,
    defaultValues: Object.fromEntries(FIELDS.map((field) => [field, ""])),
  });
  const us = watch("bankCountry") === "US";
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async (values) => {
    const answer = await addBankAccount(api, values);
    if (!answer.ok) {
      applyRefusal(setError, answer, FIELDS);
      return;
    }
    // (The client shows the server's notice of success.)
    timer.current = setTimeout(() => {
      if (window.history.length > 1) void navigate(-1);
      else void navigate(paths.paymentBank);
    }, BACK_AFTER_MS);
  });

  const field = (name: (typeof FIELDS)[number], options: { readonly required?: boolean; readonly help?: string } = {}) => (
    <FormField label={t(`bank.field.${name}`)} error={errors[name]} required={options.required ?? true} helperText={options.help}>
      <Input {...register(name)} autoComplete="off" />
    </FormField>
  );

  return (
    <Stack gap="6" maxWidth="2xl">
      <Heading as="h1" size="xl">
        {t("bank.add_title")}
      </Heading>
      <Card.Root>
        <Card.Body>
          <FormStack label={t("bank.add_title")} onSubmit={submit}>
            <Stack gap="1">
              <Text fontSize="sm" fontWeight="medium">
                {t("bank.column.account_name")}
              </Text>
              <Text>{holder ?? "…"}</Text>
              <Text fontSize="xs" color="fg.muted">
                {t("bank.holder_help")}
              </Text>
            </Stack>
            {field("nickname")}
            <FormField label={t("bank.field.bankCountry")} error={errors.bankCountry} required>
              <CountrySelect {...register("bankCountry")} placeholder={t("identity.choose_country")} />
            </FormField>
            {field("bankName")}
            {field("bankAddress")}
            {field("accountNumber", { help: t("bank.account_number_help") })}
            {field("swiftCode", { help: t("bank.swift_help") })}
            {us && field("routingNumber", { help: t("bank.routing_help") })}
            {field("accountAddress")}
            <FormError error={errors.root} />
            <HStack justify="end">
              <Button variant="ghost" onClick={() => void navigate(paths.paymentBank)}>
                {t("security.cancel")}
              </Button>
              <Button type="submit" colorPalette="teal" loading={isSubmitting}>
                {t("bank.save")}
              </Button>
            </HStack>
          </FormStack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
