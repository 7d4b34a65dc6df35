import { formatMoney, useDomain, useMarkets } from "@/lib/domain";
import { useI18n } from "@/lib/i18n";
import type { MessageKey } from "@/lib/locale";

/**
 * How the exchange's screens write its things in the user's language: an asset's name, an amount
 * of an asset (exact decimal text from the API, every decimal of the asset, thousands separators
 * by the domain), a rate ("to" per one whole "from"), basis points as a percent. With the wasm
 * modules the screens read: the core module (`domain`) and the markets module (`markets`:
 * previews, coins, rates, prices).
 */
export function useExchangeText() {
  const { t, locale } = useI18n();
  const domain = useDomain();
  const markets = useMarkets();
  const amount = (text: string, asset: string) =>
    t("money.amount", { amount: asset === "USD" ? formatMoney(domain, text) : (markets.formatCoinAmount(text, asset) ?? text), currency: asset });
  return {
    t,
    locale,
    domain,
    markets,
    amount,
    /** An asset's name: USD's from the exchange's texts, a coin's from the wallet's. */
    assetName: (asset: string) => {
      const key = (asset === "USD" ? "exchange.asset.USD" : `wallet.coin_name.${asset}`) as MessageKey;
      const text = t(key);
      return text === key ? asset : text;
    },
    /**
     * "1 BTC = 65,000.00 USD": a rate of the API for one whole `from`, every decimal the domain
     * kept (up to ten: a rate is no amount, and rounding it to one would hide it), grouped by
     * thousands by the domain.
     */
    rate: (text: string, from: string, to: string) =>
      t("exchange.rate_value", { from, to, rate: markets.formatDecimalText(text) ?? text }),
    /** A price (USD per whole unit, in 10⁻⁸ USD) as the domain writes prices: "65,000.00 USD". */
    price: (price: number) => t("money.amount", { amount: markets.formatPrice(price), currency: "USD" }),
    /** Basis points as a percent: 25 → "0.25%". */
    percent: (bps: number) => `${domain.formatAmount(bps, 2)}%`,
  };
}

export type ExchangeText = ReturnType<typeof useExchangeText>;
