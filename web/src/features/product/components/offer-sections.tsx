import { Box, SimpleGrid, Text } from "@chakra-ui/react";
import { useI18n } from "@/lib/i18n";
import type { MessageKey } from "@/lib/locale";
import { Section } from "./section";

/** The fees of SPEC §1, each with what it means. */
const FEES: readonly (readonly [title: MessageKey, detail: MessageKey])[] = [
  ["product.fees.opening", "product.fees.opening_detail"],
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

/** No opening fee, 1% per payment, 0.15% more for other currencies, no minimum, no card count limit. */
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
    </Section>
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
