/** Route paths, in one place so links, redirects and the router agree (SPEC §2). */
export const paths = {
  home: "/",
  product: "/product",
  productFiscard: "/product/fiscard",
  my: "/my",
  security: "/my/security",
  securityPassword: "/my/security/password",
  securityPin: "/my/security/pin",
  securityMobile: "/my/security/enable-sms",
  securityAuthenticators: "/my/security/google-authenticator",
  securitySessions: "/my/security/sessions",
  securityHistory: "/my/security/history",
  payment: "/my/payment",
  paymentBank: "/my/payment/bank",
  paymentBankAdd: "/my/payment/bank-add",
  // SPEC §2's BankBind: binding (saving) a bank account, the add form.
  bankBind: "/my/payment/bind",
  profile: "/my/profile",
  // SPEC §2's IdentityBasic, IdentityInvestor, AML, QI: the Profile page with that dialog open.
  identityBasic: "/my/profile/basic",
  identityInvestor: "/my/profile/investor",
  identityAml: "/my/profile/aml",
  identityQi: "/my/profile/qi",
  // SPEC §2's IdentitySetting: the Profile page itself.
  identitySetting: "/my/profile/setting",
  account: "/account",
  accountFiscard: "/account/fiscard",
  accountOrder: "/account/order",
  accountOrderCard: "/account/order/card",
  // SPEC §2's Collection: where money is collected to a saved bank account.
  withdraw: "/account/withdraw",
  // The crypto wallet (SPEC §2's Coins, Coin, Deposit, Withdraw, WalletRecordDetail).
  wallet: "/wallet",
  walletOverview: "/wallet/overview",
  // Coins: the coin list; Coin: one coin's page (walletCoin(code)).
  walletCoins: "/wallet/coins",
  // Deposit and Withdraw: of one coin (walletDeposit(code), walletWithdraw(code)); without one,
  // the first coin.
  walletDeposit: "/wallet/deposit",
  walletWithdraw: "/wallet/withdraw",
  walletRecords: "/wallet/record",
  // The exchange (issue 22): the screen with its history, and one swap (exchangeSwapDetail(id)).
  exchange: "/exchange",
  exchangeSwaps: "/exchange/swaps",
  // The fund (issue 26): SPEC §2's FundTransaction (the products, the holdings, subscribe and
  // redeem), FundRecord (the records) and FundRecordItem (one record: fundRecordDetail(id)).
  fund: "/fund",
  fundRecords: "/fund/records",
  docsPrivacy: "/docs/privacy",
  docsAgreement: "/docs/agreement",
  docsTaxForms: "/docs/tax-forms",
} as const;

/** Coin: the page of one coin. */
export const walletCoin = (coinCode: string) => `${paths.walletCoins}/${encodeURIComponent(coinCode)}`;
/** Deposit of one coin, on `network` when given. */
export const walletDeposit = (coinCode: string, network?: string) =>
  `${paths.walletDeposit}/${encodeURIComponent(coinCode)}${network ? `?network=${encodeURIComponent(network)}` : ""}`;
/** Withdraw of one coin, on `network` when given. */
export const walletWithdraw = (coinCode: string, network?: string) =>
  `${paths.walletWithdraw}/${encodeURIComponent(coinCode)}${network ? `?network=${encodeURIComponent(network)}` : ""}`;
/** The wallet records, of one coin when given. */
export const walletRecords = (coinCode?: string) =>
  coinCode ? `${paths.walletRecords}?coinCode=${encodeURIComponent(coinCode)}` : paths.walletRecords;
/** WalletRecordDetail: one deposit's or withdrawal's record. */
export const walletRecordDetail = (id: string) => `${paths.walletRecords}/${encodeURIComponent(id)}`;
/** One swap of the exchange's history. */
export const exchangeSwapDetail = (id: string) => `${paths.exchangeSwaps}/${encodeURIComponent(id)}`;

/** FundRecordItem: one subscription's, redemption's, interest's or maturity's record. */
export const fundRecordDetail = (id: string) => `${paths.fundRecords}/${encodeURIComponent(id)}`;

/** Whether `pathname` is `area` or one of its sub-pages. */
export function isWithin(pathname: string, area: string): boolean {
  return pathname === area || pathname.startsWith(`${area}/`);
}
