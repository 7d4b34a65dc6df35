import { Box, Button, SimpleGrid, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useState, type FormEvent } from "react";
import { formatMoney, useLoadedDomain } from "@/lib/domain";
import { useI18n } from "@/lib/i18n";
import type { MessageKey } from "@/lib/locale";
import { useBins, type CardBin } from "../api/get-bins";
import { BinPicker } from "./bin-picker";
import { Section } from "./section";
import { useApply, type ApplyOptions } from "./use-apply";
import { useRegionName } from "@/lib/use-region-name";
import { LoadFailed } from "@/components/ui/load-failed";
import { FormError } from "@/components/ui/form/form-error";

/** The application form (#apply): choose a BIN, see what the card is, apply. */
export function ApplySection(props: ApplyOptions) {
  const { t } = useI18n();
  const { data, error, mutate } = useBins();
  const [chosen, setChosen] = useState<string>();
  const { apply, applying, error: refusal } = useApply(props);
  const bins = data?.items ?? [];
  const bin = bins.find((item) => item.bin === chosen) ?? bins[0];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (bin) void apply(bin.bin);
  };

  let body;
  if (error) {
    body = (
      <LoadFailed onRetry={() => void mutate()} title="product.apply.load_failed" />
    );
  } else if (!data) {
    // About the form's height, so the questions below do not move when the BINs arrive.
    body = <Skeleton height={{ base: "40rem", md: "25rem" }} borderRadius="l3" />;
  } else if (!bin) {
    body = <Text>{t("product.apply.none")}</Text>;
  } else {
    body = (
      <Box as="form" onSubmit={submit} aria-labelledby="apply-title">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap={{ base: "6", md: "10" }}>
          <BinPicker bins={bins} value={bin.bin} onChange={setChosen} />
          <Stack gap="5">
            <BinDetails bin={bin} />
            <Text fontSize="sm" color="fg.muted">
              {t(props.loggedIn ? "product.apply.requirements" : "product.apply.login_hint")}
            </Text>
            <FormError error={refusal === undefined ? undefined : { message: refusal }} />
            <Button type="submit" size="lg" colorPalette="teal" loading={applying} alignSelf={{ base: "stretch", md: "flex-start" }}>
              {t("product.apply.submit")}
            </Button>
          </Stack>
        </SimpleGrid>
      </Box>
    );
  }

  return (
    <Section id="apply" title={t("product.apply.title")} intro={t("product.apply.intro")} tinted>
      <Box borderWidth="1px" borderRadius="l3" bg="bg.panel" padding={{ base: "5", md: "8" }}>
        {body}
      </Box>
    </Section>
  );
}

/**
 * The chosen BIN: scheme, region, currency, and the terms its cards get. The fees and limits are
 * written by the domain module, fetched after the page shows; until then the fees read as SPEC §1
 * states them.
 */
function BinDetails({ bin }: { readonly bin: CardBin }) {
  const { t } = useI18n();
  const regionName = useRegionName();
  const domain = useLoadedDomain();
  const rows: (readonly [MessageKey, string])[] = [
    ["product.apply.scheme", bin.orgName],
    ["product.apply.bin_number", bin.bin],
    ["product.apply.region", regionName(bin.locationCode)],
    ["product.apply.currency", bin.currency],
    ["product.apply.opening_fee", t("product.apply.opening_fee_value")],
  ];
  if (domain) {
    const rate = (fraction: string) => domain.formatRate(fraction) ?? fraction;
    const money = (amount: string) => t("money.amount", { amount: formatMoney(domain, amount), currency: bin.currency });
    rows.push(
      ["product.apply.recharge_fee", rate(bin.rechargeRate)],
      ["product.apply.transaction_fee", rate(bin.paymentRate)],
      ["product.apply.exchange_fee", `+${rate(bin.exchangeRate)}`],
      ["product.apply.limit_transaction", money(bin.limits.perTransaction)],
      ["product.apply.limit_daily", money(bin.limits.daily)],
      ["product.apply.limit_monthly", money(bin.limits.monthly)],
    );
  } else {
    rows.push(
      ["product.apply.transaction_fee", t("product.apply.transaction_fee_value")],
      ["product.apply.exchange_fee", t("product.apply.exchange_fee_value")],
    );
  }
  return (
    <Stack gap="2">
      <Box as="dl" aria-live="polite" display="grid" gridTemplateColumns="1fr auto" columnGap="4" rowGap="2">
        {rows.map(([label, value]) => (
          <Box key={label} display="contents">
            <Text as="dt" color="fg.muted">
              {t(label)}
            </Text>
            <Text as="dd" fontWeight="medium" textAlign="end">
              {value}
            </Text>
          </Box>
        ))}
      </Box>
      <Text fontSize="sm" color="fg.muted">
        {t("product.apply.limits_note")}
      </Text>
    </Stack>
  );
}
