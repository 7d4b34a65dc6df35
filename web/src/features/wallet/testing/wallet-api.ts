// The wallet's API answers for its page tests, typed by the generated API types so a fixture
// that drifts from the server's OpenAPI document fails the type check.
import type { ApiContent } from "@/lib/api-schema";
import { storeSessionToken } from "@/lib/session-token";
import { mockApi, userSelf, type MockAnswer, type MockRequest } from "@/testing/mock-api";
import type { ChainConfig, CoinConfig } from "../api/get-coin-config";
import type { CoinList } from "../api/get-coin-list";
import type { DepositAddress } from "../api/get-deposit-address";
import type { WalletBalance } from "../api/get-wallet-balance";
import type { WalletOverview } from "../api/get-wallet-overview";
import type { WalletRecord } from "../api/wallet-records";

export type Handler = (request: MockRequest) => MockAnswer | Promise<MockAnswer>;

/** BTC on Bitcoin, ETH on Ethereum, USDT on Ethereum and TRON (its TRON deposits paused). */
export const coinList: CoinList = {
  coin: [
    { coinCode: "BTC", scale: 8, networks: [{ network: "BTC", depositEnabled: true, withdrawEnabled: true }] },
    { coinCode: "ETH", scale: 8, networks: [{ network: "ETH", depositEnabled: true, withdrawEnabled: true }] },
    {
      coinCode: "USDT",
      scale: 6,
      networks: [
        { network: "ETH", depositEnabled: true, withdrawEnabled: true },
        { network: "TRX", depositEnabled: true, withdrawEnabled: true },
      ],
    },
  ],
};

export const walletBalance: WalletBalance = {
  overview: { totalValue: "37012.50", priceTime: Date.UTC(2026, 10, 24, 12, 0) },
  wallet: [
    { coinCode: "BTC", available: "0.50000000", frozen: "0.10000000", total: "0.60000000", price: "50000.00", value: "30000.00" },
    { coinCode: "ETH", available: "2.00000000", frozen: "0.00000000", total: "2.00000000", price: "3000.00", value: "6000.00" },
    { coinCode: "USDT", available: "1012.500000", frozen: "0.000000", total: "1012.500000", price: "1.00", value: "1012.50" },
  ],
};

/** 30 days from 25 Oct to 23 Nov 2026, rising by 100.00 USD a day from 34,112.50. */
export const walletOverview: WalletOverview = {
  totalValue: "37012.50",
  allocation: [
    { coinCode: "BTC", value: "30000.00", shareBps: 8105 },
    { coinCode: "ETH", value: "6000.00", shareBps: 1621 },
    { coinCode: "USDT", value: "1012.50", shareBps: 274 },
  ],
  history: Array.from({ length: 30 }, (_, i) => ({
    date: new Date(Date.UTC(2026, 9, 25 + i)).toISOString().slice(0, 10),
    value: `${34_112 + i * 100}.50`,
  })),
};

export function chainConfig(overrides: Partial<ChainConfig> = {}): ChainConfig {
  return {
    network: "ETH",
    depositEnabled: true,
    withdrawEnabled: true,
    minDeposit: "1.000000",
    minWithdraw: "10.000000",
    maxWithdraw: "5000.000000",
    withdrawFee: "1.500000",
    multiple: "0.010000",
    confirmations: 12,
    memoRequired: false,
    addressFormat: "eip55",
    dailyLimit: "20000.000000",
    dailyLeft: "19000.000000",
    ...overrides,
  };
}

/** USDT's terms: 1,012.50 available; Ethereum and TRON. */
export function usdtConfig(overrides: Partial<CoinConfig> = {}): CoinConfig {
  return {
    coinCode: "USDT",
    scale: 6,
    available: "1012.500000",
    networks: [
      chainConfig(),
      chainConfig({ network: "TRX", confirmations: 19, withdrawFee: "1.200000", addressFormat: "tron_base58" }),
    ],
    ...overrides,
  };
}

/** BTC's terms: 0.5 available; Bitcoin only. */
export const btcConfig: CoinConfig = {
  coinCode: "BTC",
  scale: 8,
  available: "0.50000000",
  networks: [
    chainConfig({
      network: "BTC",
      minDeposit: "0.00010000",
      minWithdraw: "0.00100000",
      maxWithdraw: "2.00000000",
      withdrawFee: "0.00020000",
      multiple: "0.00000001",
      confirmations: 2,
      addressFormat: "bitcoin",
      dailyLimit: "5.00000000",
      dailyLeft: "5.00000000",
    }),
  ],
};

export function depositAddress(overrides: Partial<DepositAddress> = {}): DepositAddress {
  return {
    coinCode: "USDT",
    network: "TRX",
    address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
    memo: null,
    minDeposit: "1.000000",
    confirmations: 19,
    ...overrides,
  };
}

export function walletRecord(overrides: Partial<WalletRecord> = {}): WalletRecord {
  return {
    id: "r1",
    type: "DEPOSIT",
    coinCode: "USDT",
    network: "TRX",
    amount: "250.000000",
    fee: "0.000000",
    address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
    memo: null,
    txid: "9f1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c",
    confirmations: 7,
    requiredConfirmations: 19,
    status: "CONFIRMING",
    statusLabelKey: "deposit_status.confirming",
    cancellable: false,
    reason: null,
    swapId: null,
    createdAt: Date.UTC(2026, 10, 24, 9, 30),
    updatedAt: Date.UTC(2026, 10, 24, 9, 45),
    ...overrides,
  };
}

export const page = <T>(list: readonly T[], totalPage = 1) => ({ list, totalPage, totalCount: list.length });

/** A logged-in user whose basic identity is approved, with the wallet above; `more` adds or replaces endpoints. */
export function walletApi(more: Record<string, Handler> = {}, self: Partial<ApiContent<"/user/self", "get">> = {}) {
  storeSessionToken("session-1");
  return mockApi({
    "GET user/self": () => ({ content: userSelf({ status: 1, accountHolder: "Alice Chan", ...self }) }),
    "GET user/firstSteps": () => ({ content: { done: true, steps: [] } }),
    "GET coinlist": () => ({ content: coinList }),
    "GET wallet/balance": () => ({ content: walletBalance }),
    "GET wallet/overview": () => ({ content: walletOverview }),
    "GET wallet/coin/config": ({ query }) => ({ content: query.get("coinCode") === "BTC" ? btcConfig : usdtConfig() }),
    "GET wallet/record": () => ({ content: page([]) }),
    ...more,
  });
}
