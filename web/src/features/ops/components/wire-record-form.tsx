import { Alert, Button, Card, Heading, Input, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { FormError, FormField, FormStack, applyRefusal, useDomainForm } from "@/components/ui/form";
import { useI18n } from "@/lib/i18n";
import { isWiresKey, recordWire, type WireReceipt } from "../api/wires";
import { useOpsClient } from "../api/ops-provider";

interface WireValues {
  amount: string;
  reference: string;
  memo: string;
  sender: string;
}

const FIELDS = ["amount", "reference", "memo", "sender"];
const EMPTY: WireValues = { amount: "", reference: "", memo: "", sender: "" };

/** Record a wire the bank reported (finance), checked by the domain's `WireForm`; says where it went. */
export function WireRecordForm() {
  const { t } = useI18n();
  const api = useOpsClient();
  const { mutate } = useSWRConfig();
  const [recorded, setRecorded] = useState<WireReceipt | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useDomainForm<WireValues>({ form: "wire", defaultValues: EMPTY });

  const submit = handleSubmit(async (values) => {
    setRecorded(null);
    const answer = await recordWire(api, values);
    if (!answer.ok) {
      applyRefusal(setError, answer, FIELDS);
      return;
    }
    setRecorded(answer.content);
    reset(EMPTY);
    await mutate(isWiresKey);
  });

  return (
    <Card.Root as="section" aria-labelledby="ops-wire-record">
      <Card.Header>
        <Heading as="h2" size="md" id="ops-wire-record">
          {t("ops.wires.record")}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {t("ops.wires.record_help")}
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <FormStack label={t("ops.wires.record")} onSubmit={submit}>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <FormField label={t("ops.field.amount")} error={errors.amount} required>
                <Input {...register("amount")} inputMode="decimal" autoComplete="off" placeholder="1000.00" />
              </FormField>
              <FormField label={t("ops.field.reference")} error={errors.reference} required>
                <Input {...register("reference")} autoComplete="off" />
              </FormField>
              <FormField label={t("ops.field.memo")} error={errors.memo}>
                <Input {...register("memo")} autoComplete="off" />
              </FormField>
              <FormField label={t("ops.field.sender")} error={errors.sender}>
                <Input {...register("sender")} autoComplete="off" />
              </FormField>
            </SimpleGrid>
            <FormError error={errors.root} />
            <Stack direction="row">
              <Button type="submit" colorPalette="blue" loading={isSubmitting}>
                {t("ops.wires.record_submit")}
              </Button>
            </Stack>
          </FormStack>
          {recorded && <Recorded wire={recorded} />}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function Recorded({ wire }: { readonly wire: WireReceipt }) {
  const { t } = useI18n();
  const email = wire.user?.email ?? "";
  const text =
    wire.status === "credited"
      ? t("ops.wires.recorded_credited", { email })
      : wire.status === "pending_approval"
        ? t("ops.wires.recorded_pending", { email })
        : t("ops.wires.recorded_unmatched");
  return (
    <Alert.Root status={wire.status === "unmatched" ? "warning" : "success"} role="status">
      <Alert.Indicator />
      <Alert.Title>
        {wire.reference}: {text}
      </Alert.Title>
    </Alert.Root>
  );
}
