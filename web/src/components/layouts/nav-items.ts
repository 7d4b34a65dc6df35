import { paths } from "@/config/paths";
import type { MessageKey } from "@/lib/locale";

export interface NavItem {
  readonly label: MessageKey;
  readonly to: string;
  /** The area it is current in (defaults to `to`). */
  readonly area?: string;
  /** Current on `to` itself only, not on its sub-pages (which have items of their own). */
  readonly exact?: boolean;
}

export interface NavGroup {
  readonly label: MessageKey;
  readonly items: readonly NavItem[];
}

/**
 * The account area's menu groups (SPEC §2): app (card), user, account (assets), the wallet and
 * the exchange, the fund.
 */
export const accountMenu: readonly NavGroup[] = [
  { label: "menu.app", items: [{ label: "menu.card", to: paths.productFiscard }] },
  {
    label: "menu.user",
    items: [
      { label: "menu.security", to: paths.security },
      { label: "menu.profile", to: paths.profile },
      { label: "menu.payment", to: paths.paymentBank, area: paths.payment },
    ],
  },
  {
    label: "menu.assets",
    items: [
      { label: "menu.card_account", to: paths.accountFiscard },
      { label: "menu.withdraw", to: paths.withdraw },
      { label: "menu.order_history", to: paths.accountOrderCard, area: paths.accountOrder },
    ],
  },
  {
    label: "menu.wallet",
    items: [
      { label: "menu.wallet_overview", to: paths.walletOverview },
      { label: "menu.wallet_coins", to: paths.walletCoins },
      { label: "menu.wallet_deposit", to: paths.walletDeposit },
      { label: "menu.wallet_withdraw", to: paths.walletWithdraw },
      { label: "menu.wallet_records", to: paths.walletRecords },
      { label: "menu.exchange", to: paths.exchange },
    ],
  },
  {
    label: "menu.fund",
    items: [
      { label: "menu.fund_products", to: paths.fund, exact: true },
      { label: "menu.fund_records", to: paths.fundRecords },
    ],
  },
];

/** The header's links: the product for everyone, the account areas once logged in. */
export const headerMenu: readonly NavItem[] = [{ label: "menu.card", to: paths.productFiscard }];
export const headerUserMenu: readonly NavItem[] = [
  { label: "menu.assets", to: paths.accountFiscard, area: paths.account },
  { label: "menu.wallet", to: paths.walletOverview, area: paths.wallet },
  { label: "menu.exchange", to: paths.exchange },
  { label: "menu.fund", to: paths.fund, area: paths.fund },
  { label: "menu.security", to: paths.security, area: paths.my },
];
