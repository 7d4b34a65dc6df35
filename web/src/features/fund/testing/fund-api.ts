// The fund's API answers for its page tests, typed by the generated API types so a fixture that
// drifts from the server's OpenAPI document fails the type check (and the fake server checks
// every answer against the document itself). The business date is 2026-11-25.
import type { ApiContent } from "@/lib/api-schema";
import { storeSessionToken } from "@/lib/session-token";
import { mockApi, userSelf, type MockAnswer, type MockRequest } from "@/testing/mock-api";
import type { FundRecord } from "../api/fund-records";
import type { FundAsset, FundDaily } from "../api/get-fund-asset";
import type { FundConfig } from "../api/get-fund-config";
import type { FundPosition } from "../api/get-fund-positions";
import type { Product } from "../api/get-products";

export type Handler = (request: MockRequest) => MockAnswer | Promise<MockAnswer>;

export const TODAY = "2026-11-25";

/** The current product: USD at 3.65 %, 1.00 to 1,000,000.00 USD, from and to the wallet or the USD account. */
export const current: Product = {
  productId: "usd-current",
  productName: "USD Current",
  type: "CURRENT",
  annualRate: "3.65",
  asset: "USD",
  period: null,
  raiseDate: null,
  interestDate: null,
  maturityDate: null,
  subscribe: ["WALLET", "USD"],
  redeem: ["WALLET", "USD"],
  open: true,
  phase: null,
  minimum: "1.00",
  maximum: "1000000.00",
  terms: { type: "CURRENT", annualRate: "3.65", asset: "USD" },
};

/** A fixed product raising until 2026-11-30: 5 % for 90 days from 2026-12-01 (maturity 2027-03-01). */
export const fixed: Product = {
  productId: "usd-90",
  productName: "USD 90 days",
  type: "FIXED",
  annualRate: "5.00",
  asset: "USD",
  period: 90,
  raiseDate: "2026-11-30",
  interestDate: "2026-12-01",
  maturityDate: "2027-03-01",
  subscribe: ["FUND"],
  redeem: ["FUND"],
  open: true,
  phase: "RAISING",
  minimum: "100.00",
  maximum: "50000.00",
  terms: { type: "FIXED", annualRate: "5.00", asset: "USD", fixed: { raiseDate: "2026-11-30", interestDate: "2026-12-01", period: 90 } },
};

/** A fixed product earning since 2026-11-01 (30 days at 5 %), in which the user holds 1,000.00 USD. */
export const earning: Product = {
  ...fixed,
  productId: "usd-30",
  productName: "USD 30 days",
  period: 30,
  raiseDate: "2026-10-31",
  interestDate: "2026-11-01",
  maturityDate: "2026-12-01",
  open: false,
  phase: "EARNING",
  terms: { type: "FIXED", annualRate: "5.00", asset: "USD", fixed: { raiseDate: "2026-10-31", interestDate: "2026-11-01", period: 30 } },
};

export const position: FundPosition = {
  positionId: "p-30",
  productId: earning.productId,
  productName: earning.productName,
  asset: "USD",
  principal: "1000.00",
  subscribedDate: "2026-10-20",
  interestDate: "2026-11-01",
  maturityDate: "2026-12-01",
  phase: "EARNING",
  unsettleProfit: "3.12",
  expectedInterest: "3.90",
  annualRate: "5.00",
};

/** 250.00 USD in the current product (200.00 usable), 1,000.00 USD fixed, 1.23 USD of interest so far. */
export function asset(overrides: Partial<FundAsset> = {}): FundAsset {
  return {
    asset: "USD",
    businessDate: TODAY,
    historyProfit: "1.23",
    totalValue: "1253.14",
    yesterdayProfit: "0.02",
    currentProduct: { usableShares: "200.00", unusableShares: "50.00", unsettleProfit: "0.02", historyProfit: "1.23" },
    fixedProduct: {
      historyProfit: "0.00",
      holdingProducts: 1,
      totalShares: "1000.00",
      unInterestShares: "0.00",
      unsettleProfit: "3.12",
      interestShares: "1000.00",
    },
    ...overrides,
  };
}

export const daily: FundDaily = [
  { date: "2026-11-23", profit: "0.01", value: "150.01" },
  { date: "2026-11-24", profit: "0.02", value: "250.03" },
];

/** What `GET config` answers for `product` (and the position): 1,000.00 USD in the wallet and the USD account. */
export function config(product: Product, positionId?: string | null): FundConfig {
  return {
    today: TODAY,
    subscribe: {
      productId: product.productId,
      product: product.terms,
      today: TODAY,
      open: product.open,
      minimum: product === current ? 100 : 10_000,
      maximum: product === current ? 100_000_000 : 5_000_000,
      balances: { wallet: 100_000, usd: 100_000, fund: 20_000 },
    },
    redeem:
      product.type === "CURRENT"
        ? { productId: product.productId, product: product.terms, today: TODAY, redeemable: 20_000 }
        : positionId
          ? { productId: product.productId, product: product.terms, positionId, today: TODAY, redeemable: 100_000 }
          : null,
  };
}

/** A record of the fund. */
export function record(overrides: Partial<FundRecord> = {}): FundRecord {
  return {
    id: "o-1",
    positionId: "cp-1",
    productId: current.productId,
    productName: current.productName,
    productType: "CURRENT",
    type: "SUBSCRIBE",
    source: "USD",
    asset: "USD",
    amount: "100.00",
    interest: "0.00",
    forfeitedInterest: "0.00",
    businessDate: TODAY,
    valueDate: TODAY,
    interestStartDate: "2026-11-26",
    deliveryDate: TODAY,
    status: "COMPLETED",
    createdAt: Date.UTC(2026, 10, 25, 9, 30),
    ...overrides,
  };
}

export const page = <T>(list: readonly T[], totalPage = 1) => ({ list, totalPage, totalCount: list.length });

const productOf = (id: string | null) => [current, fixed, earning].find((p) => p.productId === id) ?? current;

/**
 * A logged-in user whose identity, investor certification, AML and QI are approved, with the fund
 * above; `more` adds or replaces endpoints, `self` changes the user.
 */
export function fundApi(more: Record<string, Handler> = {}, self: Partial<ApiContent<"/user/self", "get">> = {}) {
  storeSessionToken("session-1");
  return mockApi({
    "GET user/self": () => ({ content: userSelf({ status: 1, investor: { status: 1 }, aml: 1, qualify: 1, accountHolder: "Alice Chan", ...self }) }),
    "GET user/firstSteps": () => ({ content: { done: true, steps: [] } }),
    "GET fund/v2/asset": () => ({ content: asset() }),
    "GET fund/v2/asset/daily": () => ({ content: daily }),
    "GET fund/v2/position": () => ({ content: [position] }),
    "GET product": () => ({ content: [current, fixed, earning] }),
    "GET config": ({ query }) => ({ content: config(productOf(query.get("productId")), query.get("positionId")) }),
    "GET fund/v2/order": () => ({ content: page([]) }),
    ...more,
  });
}
