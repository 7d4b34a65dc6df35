import { Alert, DataList, HStack, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useI18n } from "@/lib/i18n";
import { useRegionName } from "@/lib/use-region-name";
import type { MessageKey } from "@/lib/locale";
import { useWireInstructions, type WireInstructions as Wire } from "../api/get-wire-instructions";
import { CopyButton } from "@/components/ui/copy-button";
import { LoadFailed } from "@/components/ui/load-failed";

const FIELDS: readonly (readonly [label: MessageKey, value: (wire: Wire, country: string) => string])[] = [
  ["card.wire.bank_name", (wire) => wire.bankName],
  ["card.wire.bank_country", (_, country) => country],
  ["card.wire.bank_address", (wire) => wire.bankAddress],
  ["card.wire.aba", (wire) => wire.abaNumber],
  ["card.wire.swift", (wire) => wire.swiftCode],
  ["card.wire.account_number", (wire) => wire.accountNumber],
  ["card.wire.account_name", (wire) => wire.accountName],
  ["card.wire.account_address", (wire) => wire.accountAddress],
  ["card.wire.memo", (wire) => wire.memo],
];

/** Where to wire USD to fund the USD account, each value with a copy button; the memo is the user's short wire memo. */
export function WireInstructions() {
  const { t } = useI18n();
  const regionName = useRegionName();
  const { data: wire, error, mutate } = useWireInstructions();

  if (error) return <LoadFailed onRetry={() => void mutate()} />;
  if (!wire) return <Skeleton height="48" />;
  const country = regionName(wire.bankCountry);

  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        {t("card.wire.arrival")}
      </Text>
      <DataList.Root orientation="horizontal" size="sm" gap="1">
        {FIELDS.map(([label, read]) => {
          const value = read(wire, country);
          const name = t(label);
          return (
            <DataList.Item key={label} alignItems="start">
              <DataList.ItemLabel minWidth="36">{name}</DataList.ItemLabel>
              <DataList.ItemValue>
                <HStack justify="space-between" width="full" gap="2" align="start">
                  <Text wordBreak="break-word" fontWeight={label === "card.wire.memo" ? "bold" : undefined}>
                    {value}
                  </Text>
                  <CopyButton value={value} what={name} />
                </HStack>
              </DataList.ItemValue>
            </DataList.Item>
          );
        })}
      </DataList.Root>
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Title>{t("card.wire.memo_note")}</Alert.Title>
      </Alert.Root>
    </Stack>
  );
}
