import { formatMoney, useDomain, useMarkets } from "@/lib/domain";
import { useI18n } from "@/lib/i18n";
import type { MessageKey } from "@/lib/locale";

/** A name from the catalogue, or `fallback` when the catalogue has none (a coin added later). */
function named(t: (key: MessageKey) => string, key: string, fallback: string): string {
  const text = t(key as MessageKey);
  return text === key ? fallback : text;
}

/**
 * How the wallet's screens write its things in the user's language: a coin's name, a network's
 * name, an amount of a coin or of USD (exact decimal text from the API, with thousands
 * separators), a share in basis points. With the wasm modules the screens read: the core module
 * (`domain`) and the markets module (`markets`: addresses, coins).
 */
export function useWalletText() {
  const { t, locale } = useI18n();
  const domain = useDomain();
  const markets = useMarkets();
  return {
    t,
    locale,
    domain,
    markets,
    coinName: (coinCode: string) => named(t, `wallet.coin_name.${coinCode}`, coinCode),
    networkName: (network: string) => named(t, `wallet.network.${network}`, network),
    /** A coin amount with every decimal of the coin and thousands separators (the domain's). */
    coinAmount: (text: string, coinCode: string) =>
      t("money.amount", { amount: markets.formatCoinAmount(text, coinCode) ?? text, currency: coinCode }),
    usd: (text: string) => t("money.amount", { amount: formatMoney(domain, text), currency: "USD" }),
    /** Basis points as a percent with two decimals: 1234 → "12.34%". */
    share: (bps: number) => `${domain.formatAmount(bps, 2)}%`,
  };
}

export type WalletText = ReturnType<typeof useWalletText>;
