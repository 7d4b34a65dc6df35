import { DataList } from "@chakra-ui/react";
import type { RedeemPreview, SubscribePreview } from "domain-markets";
import type { FundText } from "./use-fund-text";

/** What an asset's amounts are written in: its code and scale. */
export interface AssetUnit {
  readonly asset: string;
  readonly scale: number;
}

/** Label and value rows as a data list; values say "—" until there is something to show. */
function Facts({ label, rows }: { readonly label: string; readonly rows: readonly (readonly [string, string, boolean?])[] }) {
  return (
    <DataList.Root orientation="horizontal" size="sm" gap="2" aria-live="polite" aria-label={label}>
      {rows.map(([term, value, strong]) => (
        <DataList.Item key={term}>
          <DataList.ItemLabel minWidth="40">{term}</DataList.ItemLabel>
          <DataList.ItemValue fontVariantNumeric="tabular-nums" fontWeight={strong ? "semibold" : undefined} minWidth="0" wordBreak="break-word">
            {value}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

/**
 * What subscribing the amount typed does, as the domain computes it (the figures the server
 * executes): the value date, the first day of interest, the day the first interest shows, a fixed
 * product's maturity, a day's interest and a fixed product's whole interest.
 */
export function SubscribeFacts({ preview, unit, fixed, f }: { readonly preview: SubscribePreview | undefined; readonly unit: AssetUnit; readonly fixed: boolean; readonly f: FundText }) {
  const { t } = f;
  const none = "—";
  const money = (minor: number | null | undefined) => (minor == null ? none : f.minor(minor, unit.asset, unit.scale));
  const rows: [string, string, boolean?][] = [
    [t("fund.preview.value_date"), preview ? f.day(preview.valueDate) : none],
    [t("fund.preview.interest_start"), preview ? f.day(preview.interestStartDate) : none],
    [t("fund.preview.first_profit"), preview ? f.day(preview.firstProfitDate) : none],
    ...(fixed ? ([[t("fund.preview.maturity_date"), preview?.deliveryDate ? f.day(preview.deliveryDate) : none]] as [string, string][]) : []),
    [t("fund.preview.daily_interest"), money(preview?.dailyInterest), !fixed],
    ...(fixed ? ([[t("fund.preview.expected_interest"), money(preview?.expectedInterest), true]] as [string, string, boolean][]) : []),
  ];
  return <Facts label={t("fund.preview.title")} rows={rows} />;
}

/**
 * What redeeming does: the day the money arrives, the last day the shares earn (the current
 * product), and for a fixed position the interest given up.
 */
export function RedeemFacts({ preview, unit, f }: { readonly preview: RedeemPreview | undefined; readonly unit: AssetUnit; readonly f: FundText }) {
  const { t } = f;
  const none = "—";
  const rows: [string, string, boolean?][] = [
    [t("fund.preview.amount"), preview ? f.minor(preview.amount, unit.asset, unit.scale) : none, true],
    [t("fund.preview.delivery_date"), preview ? f.day(preview.deliveryDate) : none],
    ...(preview?.lastInterestDate ? ([[t("fund.preview.last_interest"), f.day(preview.lastInterestDate)]] as [string, string][]) : []),
    ...(preview?.early ? ([[t("fund.preview.forfeited"), f.minor(preview.forfeitedInterest, unit.asset, unit.scale), true]] as [string, string, boolean][]) : []),
  ];
  return <Facts label={t("fund.preview.title")} rows={rows} />;
}
