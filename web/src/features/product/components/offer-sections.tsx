import { Box, SimpleGrid, Table, Text } from "@chakra-ui/react";
import { formatMoney, useLoadedDomain } from "@/lib/domain";
import { useI18n } from "@/lib/i18n";
import type { MessageKey } from "@/lib/locale";
import { Section } from "./section";

/** The fees of SPEC §1, each with what it means. */
const FEES: readonly (readonly [title: MessageKey, detail: MessageKey])[] = [
  ["product.fees.opening", "product.fees.opening_detail"],
  ["product.fees.recharge", "product.fees.recharge_detail"],
  ["product.fees.transaction", "product.fees.transaction_detail"],
  ["product.fees.exchange", "product.fees.exchange_detail"],
  ["product.fees.minimum", "product.fees.minimum_detail"],
  ["product.fees.cards", "product.fees.cards_detail"],
];

/** Where the card pays (SPEC §1 support text). */
const REACH: readonly (readonly [value: MessageKey, label: MessageKey])[] = [
  ["product.reach.currencies_value", "product.reach.currencies"],
  ["product.reach.countries_value", "product.reach.countries"],
  ["product.reach.merchants_value", "product.reach.merchants"],
];

/** How long a wire takes to reach the USD account (SPEC §1 wire deposit text). */
const WIRES: readonly (readonly [kind: MessageKey, time: MessageKey])[] = [
  ["product.wire.domestic", "product.wire.domestic_time"],
  ["product.wire.international", "product.wire.international_time"],
];

const STEPS: readonly MessageKey[] = ["product.wire.step_wire", "product.wire.step_recharge", "product.wire.step_pay"];

/**
 * Every fee a user pays (no opening fee, 1% per recharge, 1% per payment, 0.15% more for other
 * currencies, no minimum, no card count limit), and what 100 USD costs, as the domain computes
 * it (shown once its module has loaded, when the browser is idle; the box keeps its size).
 */
export function FeesSection() {
  const { t } = useI18n();
  return (
    <Section id="fees" title={t("product.fees.title")} intro={t("product.fees.intro")}>
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
        {FEES.map(([title, detail]) => (
          <Box as="li" key={title} borderWidth="1px" borderRadius="l3" padding="5" bg="bg.panel">
            <Text fontWeight="semibold" fontSize="lg">
              {t(title)}
            </Text>
            <Text marginTop="1" color="fg.muted">
              {t(detail)}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
      <FeeExampleTable />
    </Section>
  );
}

const EXAMPLE_AMOUNT_MINOR = 10_000;

function FeeExampleTable() {
  const { t } = useI18n();
  const domain = useLoadedDomain();
  const e = domain?.feeExample(EXAMPLE_AMOUNT_MINOR);
  const usd = (minor: number | undefined) =>
    domain && minor !== undefined ? t("money.amount", { amount: formatMoney(domain, domain.formatAmount(minor, 2)), currency: "USD" }) : "—";
  const rows: readonly (readonly [MessageKey, string, string])[] = [
    ["product.fees.example.recharge", usd(e?.rechargeFeeMinor), usd(e?.rechargedMinor)],
    ["product.fees.example.usd_payment", usd(e?.transactionFeeMinor), usd(e?.usdPaymentTotalMinor)],
    [
      "product.fees.example.foreign_payment",
      e && domain ? `${usd(e.transactionFeeMinor)} + ${usd(e.exchangeFeeMinor)}` : "—",
      usd(e?.foreignPaymentTotalMinor),
    ],
  ];
  return (
    <Table.ScrollArea borderWidth="1px" rounded="l3" marginTop="6" bg="bg.panel">
      <Table.Root size="sm" aria-labelledby="fee-example-title">
        <Table.Caption id="fee-example-title" captionSide="top" textAlign="start" fontWeight="semibold" fontSize="md" color="fg" padding="3">
          {t("product.fees.example.title", { amount: "100.00 USD" })}
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t("product.fees.example.what")}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t("product.fees.example.fees")}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t("product.fees.example.result")}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map(([what, fees, result]) => (
            <Table.Row key={what}>
              <Table.Cell whiteSpace="normal">{t(what)}</Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                {fees}
              </Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                {result}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** 172 currencies, 200 countries, 29 million merchants. */
export function ReachSection() {
  const { t } = useI18n();
  return (
    <Section id="reach" title={t("product.reach.title")} intro={t("product.reach.intro")} tinted>
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 3 }} gap="4">
        {REACH.map(([value, label]) => (
          <Box as="li" key={label} borderRadius="l3" padding="5" bg="bg.panel" borderWidth="1px">
            <Text as="span" display="block" fontSize={{ base: "3xl", md: "4xl" }} fontWeight="bold" color="teal.fg">
              {t(value)}
            </Text>{" "}
            <Text as="span" display="block" color="fg.muted">
              {t(label)}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </Section>
  );
}

/** Funding by wire: how long each kind takes, and the three steps from wire to payment. */
export function WireSection() {
  const { t } = useI18n();
  return (
    <Section id="funding" title={t("product.wire.title")} intro={t("product.wire.intro")}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap={{ base: "6", md: "10" }}>
        <Box as="dl" display="grid" gap="4">
          {WIRES.map(([kind, time]) => (
            <Box key={kind} borderWidth="1px" borderRadius="l3" padding="5" bg="bg.panel">
              <Text as="dt" color="fg.muted">
                {t(kind)}
              </Text>
              <Text as="dd" fontSize="2xl" fontWeight="semibold">
                {t(time)}
              </Text>
            </Box>
          ))}
        </Box>
        <Box as="ol" listStyleType="none" display="grid" gap="4">
          {STEPS.map((step, index) => (
            <Box as="li" key={step} display="flex" gap="4" alignItems="flex-start">
              <Text
                as="span"
                aria-hidden="true"
                flexShrink="0"
                boxSize="8"
                borderRadius="full"
                bg="teal.700"
                color="white"
                fontWeight="bold"
                display="grid"
                placeItems="center"
              >
                {index + 1}
              </Text>
              <Text paddingTop="1">{t(step)}</Text>
            </Box>
          ))}
        </Box>
      </SimpleGrid>
    </Section>
  );
}
