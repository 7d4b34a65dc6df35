import { Button, Card, Heading, Input, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useSWRConfig } from "swr";
import { FormError, FormField, FormStack, applyRefusal, useDomainForm } from "@/components/ui/form";
import { useI18n } from "@/lib/i18n";
import type { MessageKey } from "@/lib/locale";
import { binsKey, saveBin, type BinBody } from "../api/bins";
import { useOpsClient } from "../api/ops-provider";

/** The BIN form's fields, in its order; the first three are required, a term left blank is the standard one. */
export const BIN_FIELDS = [
  "bin",
  "location",
  "org",
  "rechargeRate",
  "paymentRate",
  "exchangeRate",
  "refundRate",
  "limitPerTransaction",
  "limitDaily",
  "limitMonthly",
  "utcOffset",
] as const;
type BinField = (typeof BIN_FIELDS)[number];
type BinValues = Record<BinField, string>;

const REQUIRED: readonly BinField[] = ["bin", "location", "org"];
const EMPTY = Object.fromEntries(BIN_FIELDS.map((name) => [name, ""])) as BinValues;

/** Add a BIN or replace its terms (admin), checked by the domain's `BinForm`. */
export function BinForm() {
  const { t } = useI18n();
  const api = useOpsClient();
  const { mutate } = useSWRConfig();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useDomainForm<BinValues>({ form: "bin", defaultValues: EMPTY });

  const submit = handleSubmit(async (values) => {
    // A term left blank is left out: the server gives it the standard value.
    const body = Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== "")) as BinBody;
    const answer = await saveBin(api, body);
    if (!answer.ok) {
      applyRefusal(setError, answer, BIN_FIELDS);
      return;
    }
    reset(EMPTY);
    await mutate(binsKey);
  });

  return (
    <Card.Root as="section" aria-labelledby="ops-bin-form">
      <Card.Header>
        <Heading as="h2" size="md" id="ops-bin-form">
          {t("ops.bins.add")}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {t("ops.bins.add_help")}
        </Text>
      </Card.Header>
      <Card.Body>
        <FormStack label={t("ops.bins.add")} onSubmit={submit}>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            {BIN_FIELDS.map((name) => (
              <FormField key={name} label={t(`ops.bins.field.${name}` as MessageKey)} error={errors[name]} required={REQUIRED.includes(name)}>
                <Input {...register(name)} autoComplete="off" />
              </FormField>
            ))}
          </SimpleGrid>
          <FormError error={errors.root} />
          <Stack direction="row">
            <Button type="submit" colorPalette="blue" loading={isSubmitting}>
              {t("ops.bins.save")}
            </Button>
          </Stack>
        </FormStack>
      </Card.Body>
    </Card.Root>
  );
}
