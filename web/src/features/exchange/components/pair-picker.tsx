import { Box, Field, IconButton, NativeSelect, Stack } from "@chakra-ui/react";
import type { ExchangeText } from "./use-exchange-text";

/** Two arrows, one each way: the swap-direction button's icon. */
function SwapIcon() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
      <path
        d="M6 3v12M6 15l-3-3M6 15l3-3M14 17V5M14 5l-3 3M14 5l3 3"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** One side's asset, chosen among `assets`. */
function AssetSelect({
  label,
  value,
  assets,
  onChange,
  x,
}: {
  readonly label: string;
  readonly value: string;
  readonly assets: readonly string[];
  readonly onChange: (asset: string) => void;
  readonly x: ExchangeText;
}) {
  return (
    <Field.Root flex="1" minWidth="0">
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)}>
          {assets.map((asset) => (
            <option key={asset} value={asset}>
              {`${asset} · ${x.assetName(asset)}`}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/**
 * The pair: the asset given and the asset received, and a button that turns the direction round
 * (in a row on a desktop, stacked on a phone).
 * Choosing on one side the asset of the other turns the pair round too (a pair is two assets).
 */
export function PairPicker({
  from,
  to,
  assets,
  onChange,
  x,
}: {
  readonly from: string;
  readonly to: string;
  readonly assets: readonly string[];
  readonly onChange: (from: string, to: string) => void;
  readonly x: ExchangeText;
}) {
  const { t } = x;
  return (
    <Stack as="fieldset" direction={{ base: "column", md: "row" }} gap="2" align={{ base: "stretch", md: "end" }} width="full">
      <Box as="legend" srOnly>
        {t("exchange.pair")}
      </Box>
      <AssetSelect label={t("exchange.from")} value={from} assets={assets} x={x} onChange={(asset) => onChange(asset, asset === to ? from : to)} />
      <IconButton
        variant="outline"
        alignSelf={{ base: "center", md: "auto" }}
        aria-label={t("exchange.switch_named", { from: to, to: from })}
        onClick={() => onChange(to, from)}
      >
        <SwapIcon />
      </IconButton>
      <AssetSelect label={t("exchange.to")} value={to} assets={assets} x={x} onChange={(asset) => onChange(asset === from ? to : from, asset)} />
    </Stack>
  );
}
