import { Badge, Button, DataList, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import type { FundPosition } from "../api/get-fund-positions";
import type { FundText } from "./use-fund-text";

/**
 * The user's open fixed positions (each subscription its own): principal, dates, the interest
 * accrued so far and what the whole period earns, with Redeem (a cancellation before the interest
 * date, an early redemption forfeiting the interest after it).
 */
export function FixedPositions({
  positions,
  f,
  onRedeem,
}: {
  readonly positions: readonly FundPosition[];
  readonly f: FundText;
  readonly onRedeem: (position: FundPosition) => void;
}) {
  const { t } = f;
  return (
    <Stack as="section" gap="4" aria-labelledby="fund-positions">
      <Heading as="h2" size="lg" id="fund-positions">
        {t("fund.positions.title")}
      </Heading>
      {positions.length === 0 ? (
        <Text color="fg.muted">{t("fund.positions.empty")}</Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="3" aria-label={t("fund.positions.title")}>
          {positions.map((position) => {
            const money = (text: string) => f.amount(text, position.asset);
            const rows: [string, string][] = [
              [t("fund.position.principal"), money(position.principal)],
              [t("fund.position.subscribed"), f.day(position.subscribedDate)],
              [t("fund.product.interest_date"), f.day(position.interestDate)],
              [t("fund.product.maturity_date"), f.day(position.maturityDate)],
              [t("fund.position.accrued"), money(position.unsettleProfit)],
              [t("fund.position.expected"), money(position.expectedInterest)],
            ];
            return (
              <Stack as="li" key={position.positionId} borderWidth="1px" rounded="lg" padding="4" gap="3">
                <HStack justify="space-between" gap="3" wrap="wrap">
                  <HStack gap="2" wrap="wrap">
                    <Text fontWeight="semibold">{position.productName}</Text>
                    <Badge colorPalette="blue">{f.phaseName(position.phase)}</Badge>
                    <Text fontSize="sm" color="fg.muted">
                      {f.rate(position.annualRate)}
                    </Text>
                  </HStack>
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={t("fund.redeem_position_named", { product: position.productName, amount: money(position.principal) })}
                    onClick={() => onRedeem(position)}
                  >
                    {t("fund.redeem")}
                  </Button>
                </HStack>
                <DataList.Root
                  orientation="vertical"
                  size="sm"
                  display="grid"
                  gridTemplateColumns={{ base: "repeat(2, minmax(0, 1fr))", md: "repeat(3, minmax(0, 1fr))" }}
                  gap="3"
                >
                  {rows.map(([label, value]) => (
                    <DataList.Item key={label}>
                      <DataList.ItemLabel>{label}</DataList.ItemLabel>
                      <DataList.ItemValue fontVariantNumeric="tabular-nums">{value}</DataList.ItemValue>
                    </DataList.Item>
                  ))}
                </DataList.Root>
              </Stack>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
