// The exchange's API answers for its page tests, typed by the generated API types so a fixture
// that drifts from the server's OpenAPI document fails the type check (and the fake server
// checks every answer against the document itself).
import type { ApiContent, Schema } from "@/lib/api-schema";
import { storeSessionToken } from "@/lib/session-token";
import { mockApi, userSelf, type MockAnswer, type MockRequest } from "@/testing/mock-api";
import type { ExchangeSwap } from "../api/accept-quote";
import type { ExchangeQuote } from "../api/create-quote";
import type { ExchangePair, ExchangePairs } from "../api/get-exchange-pairs";
import type { ExchangeRate } from "../api/get-exchange-rate";

export type Handler = (request: MockRequest) => MockAnswer | Promise<MockAnswer>;

type Asset = Schema<"Asset">;

const ASSETS: readonly Asset[] = ["USD", "BTC", "ETH", "USDT"];
const SCALE: Record<Asset, number> = { USD: 2, BTC: 8, ETH: 8, USDT: 6 };

/** Prices in 10⁻⁸ USD per whole unit: BTC 65,000, ETH 3,250, USDT 0.9998. */
export const PRICE: Record<Asset, number> = {
  USD: 100_000_000,
  BTC: 6_500_000_000_000,
  ETH: 325_000_000_000,
  USDT: 99_980_000,
};

/** Every direction between two of the four assets: spread 0.50%, fee 0.10%, USD 10 to 100,000 a swap. */
export function pair(fromCoin: Asset, toCoin: Asset, overrides: Partial<ExchangePair> = {}): ExchangePair {
  const usd = fromCoin === "USD";
  return {
    fromCoin,
    toCoin,
    fromScale: SCALE[fromCoin],
    toScale: SCALE[toCoin],
    minimum: usd ? "10.00" : fromCoin === "USDT" ? "10.000000" : "0.00010000",
    maximum: usd ? "100000.00" : fromCoin === "USDT" ? "100000.000000" : "10.00000000",
    spreadBps: 50,
    feeBps: 10,
    enabled: true,
    ...overrides,
  };
}

export const pairs: ExchangePairs = ASSETS.flatMap((from) => ASSETS.filter((to) => to !== from).map((to) => pair(from, to)));

/** USD → BTC at 65,000: 1,000.00 USD and 0.01 BTC available. */
export function rate(fromCoin: Asset = "USD", toCoin: Asset = "BTC", overrides: Partial<ExchangeRate> = {}): ExchangeRate {
  const usdToBtc = fromCoin === "USD" && toCoin === "BTC";
  return {
    fromCoin,
    toCoin,
    terms: {
      from: fromCoin,
      to: toCoin,
      fromPrice: PRICE[fromCoin],
      toPrice: PRICE[toCoin],
      spreadBps: 50,
      feeBps: 10,
    },
    referenceRate: usdToBtc ? "0.0000153846" : "65000.00",
    rate: usdToBtc ? "0.0000152923" : "64610.87",
    fromPrice: usdToBtc ? "1.00" : "65000.00",
    toPrice: usdToBtc ? "65000.00" : "1.00",
    priceTime: Date.UTC(2026, 10, 24, 12, 0, 5),
    minimum: pair(fromCoin, toCoin).minimum,
    maximum: pair(fromCoin, toCoin).maximum,
    fromAvailable: usdToBtc ? "1000.00" : "0.01000000",
    toAvailable: usdToBtc ? "0.01000000" : "1000.00",
    quoteSeconds: 10,
    ...overrides,
  };
}

/** A quote of 100.00 USD for 0.00152923 BTC (fee 0.10, spread 0.50), valid 10 s from now. */
export function quote(overrides: Partial<ExchangeQuote> = {}): ExchangeQuote {
  return {
    quoteId: "q1",
    fromCoin: "USD",
    toCoin: "BTC",
    side: "FROM",
    fromAmount: "100.00",
    toAmount: "0.00152923",
    fee: "0.10",
    spread: "0.50",
    feeBps: 10,
    spreadBps: 50,
    referenceRate: "0.0000153846",
    rate: "0.0000152923",
    priceTime: Date.UTC(2026, 10, 24, 12, 0, 5),
    expiresAt: Date.now() + 10_000,
    ...overrides,
  };
}

/** The swap that quote makes. */
export function swap(overrides: Partial<ExchangeSwap> = {}): ExchangeSwap {
  return {
    id: "s1",
    quoteId: "q1",
    fromCoin: "USD",
    toCoin: "BTC",
    fromAmount: "100.00",
    toAmount: "0.00152923",
    fee: "0.10",
    spread: "0.50",
    referenceRate: "0.0000153846",
    rate: "0.0000152923",
    createdAt: Date.UTC(2026, 10, 24, 12, 0, 9),
    ...overrides,
  };
}

/** The asset a query names. */
export function asset(code: string | null): Asset {
  const found = ASSETS.find((a) => a === code);
  if (!found) throw new Error(`not an asset: ${code}`);
  return found;
}

export const page = <T>(list: readonly T[], totalPage = 1) => ({ list, totalPage, totalCount: list.length });

/** A logged-in user whose basic identity is approved, with the exchange above; `more` adds or replaces endpoints. */
export function exchangeApi(more: Record<string, Handler> = {}, self: Partial<ApiContent<"/user/self", "get">> = {}) {
  storeSessionToken("session-1");
  return mockApi({
    "GET user/self": () => ({ content: userSelf({ status: 1, accountHolder: "Alice Chan", ...self }) }),
    "GET user/firstSteps": () => ({ content: { done: true, steps: [] } }),
    "GET exchange/pairs": () => ({ content: pairs }),
    "GET exchange/rate": ({ query }) => ({ content: rate(asset(query.get("fromCoin")), asset(query.get("toCoin"))) }),
    "GET exchange/swaps": () => ({ content: page([]) }),
    ...more,
  });
}
