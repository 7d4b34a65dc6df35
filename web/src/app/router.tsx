import { redirect, type RouteObject } from "react-router-dom";
import { RouteError } from "@/components/errors/route-error";
import { PageSpinner } from "@/components/ui/page-spinner";
import { paths } from "@/config/paths";
import { firstCardsPage } from "@/features/cards/api/get-cards";
import { firstStepsRead } from "@/features/user/api/get-first-steps";
import { loadTexts } from "@/lib/locale";
import { fundTexts } from "@/locales/fund";
import { RootLayout } from "./routes/root";
import type { RouteHandle } from "./shell/route-handle";

/** A path that only redirects: its loader answers before anything renders, so it shows nothing. */
const goTo = (to: string): RouteObject => ({ index: true, loader: () => redirect(to), element: null });
/** The account areas' layout shows the first steps below the page (routes/account-layout.tsx). */
const needsLogin: RouteHandle = { protected: true, reads: [firstStepsRead] };
const accountArea: RouteHandle = { ...needsLogin, usesDomain: true };
/** The wallet, exchange and fund pages read the markets wasm module too. */
const marketsArea: RouteHandle = { ...accountArea, usesMarkets: true };
/** Pages that show nothing without the core wasm module (forms, amounts). */
const needsDomain: RouteHandle = { usesDomain: true };
/**
 * The card account shows without the wasm module (its balance and list have placeholders), so its
 * first visit paints before asking for it: the list asks as it first renders.
 */
const readsCards: RouteHandle = { reads: [firstCardsPage] };

/** A fund page's module, with the fund's texts (they come with its pages, not with the app). */
const fundPage = <T,>(load: () => Promise<T>) => async (): Promise<T> => (await Promise.all([load(), loadTexts(fundTexts)]))[0];

/**
 * The route table of SPEC §2. Every page is its own chunk (`lazy`), loaded when first visited;
 * the account areas need a login (`handle.protected`); a page may name what it needs first
 * (`handle.reads`, `handle.usesDomain`).
 */
export const routes: RouteObject[] = [
  // The operator console (issue 20): its own layout and session, none of it in a user's visit.
  { path: "ops/*", errorElement: <RouteError />, lazy: () => import("./routes/ops") },
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      goTo(paths.productFiscard),
      {
        path: "product",
        children: [
          goTo(paths.productFiscard),
          { path: "fiscard", handle: { title: "title.product" }, lazy: () => import("./routes/product/fiscard") },
        ],
      },
      {
        path: "my",
        handle: needsLogin,
        lazy: () => import("./routes/account-layout"),
        children: [
          goTo(paths.security),
          { path: "security", handle: { title: "menu.security" }, lazy: () => import("./routes/my/security") },
          { path: "security/password", handle: { ...needsDomain, title: "security.password.title" }, lazy: () => import("./routes/my/security-password") },
          { path: "security/pin", handle: { ...needsDomain, title: "security.pin.title" }, lazy: () => import("./routes/my/security-pin") },
          { path: "security/enable-sms", handle: { ...needsDomain, title: "security.mobile.title" }, lazy: () => import("./routes/my/security-mobile") },
          { path: "security/google-authenticator", handle: { ...needsDomain, title: "security.authenticators.title" }, lazy: () => import("./routes/my/security-authenticators") },
          { path: "security/sessions", handle: { title: "security.sessions.title" }, lazy: () => import("./routes/my/security-sessions") },
          { path: "security/history", handle: { title: "security.history.title" }, lazy: () => import("./routes/my/security-history") },
          {
            path: "payment",
            children: [
              goTo(paths.paymentBank),
              { path: "bank", handle: { title: "bank.title" }, lazy: () => import("./routes/my/payment-bank") },
              { path: "bank-add", handle: { ...needsDomain, title: "bank.add_title" }, lazy: () => import("./routes/my/payment-bank-add") },
              { path: "bind", loader: () => redirect(paths.paymentBankAdd), element: null },
            ],
          },
          {
            path: "profile",
            children: [
              { index: true, handle: { title: "menu.profile" }, lazy: () => import("./routes/my/profile") },
              // The dialogs' paths render the same page (one route module, so the page stays
              // mounted as a dialog opens and closes).
              ...[paths.identityBasic, paths.identityInvestor, paths.identityAml, paths.identityQi].map(
                (path): RouteObject => ({ path, handle: { ...needsDomain, title: "menu.profile" }, lazy: () => import("./routes/my/profile") }),
              ),
              { path: "setting", loader: () => redirect(paths.profile), element: null },
            ],
          },
        ],
      },
      {
        path: "account",
        handle: needsLogin,
        lazy: () => import("./routes/account-layout"),
        children: [
          goTo(paths.accountFiscard),
          { path: "fiscard", handle: { ...readsCards, title: "card.title" }, lazy: () => import("./routes/account/fiscard") },
          { path: "withdraw", handle: { ...needsDomain, title: "withdraw.title" }, lazy: () => import("./routes/account/withdraw") },
          {
            path: "order",
            children: [
              goTo(paths.accountOrderCard),
              { path: "card", handle: { ...needsDomain, title: "order.title" }, lazy: () => import("./routes/account/order-card") },
            ],
          },
        ],
      },
      {
        path: "wallet",
        handle: marketsArea,
        lazy: () => import("./routes/account-layout"),
        children: [
          goTo(paths.walletOverview),
          { path: "overview", handle: { title: "wallet.overview.title" }, lazy: () => import("./routes/wallet/overview") },
          { path: "coins", handle: { title: "wallet.coins.title" }, lazy: () => import("./routes/wallet/coins") },
          { path: "coins/:coinCode", handle: { title: "wallet.coin.title" }, lazy: () => import("./routes/wallet/coin") },
          { path: "deposit/:coinCode?", handle: { title: "wallet.deposit.title" }, lazy: () => import("./routes/wallet/deposit") },
          { path: "withdraw/:coinCode?", handle: { title: "wallet.withdraw.title" }, lazy: () => import("./routes/wallet/withdraw") },
          { path: "record", handle: { title: "wallet.records.title" }, lazy: () => import("./routes/wallet/records") },
          { path: "record/:id", handle: { title: "wallet.record.title" }, lazy: () => import("./routes/wallet/record-detail") },
        ],
      },
      {
        path: "exchange",
        handle: marketsArea,
        lazy: () => import("./routes/account-layout"),
        children: [
          { index: true, handle: { title: "exchange.title" }, lazy: () => import("./routes/exchange/exchange") },
          { path: "swaps/:id", handle: { title: "exchange.swap.title" }, lazy: () => import("./routes/exchange/swap-detail") },
        ],
      },
      {
        // The fund (issue 26): FundTransaction, FundRecord, FundRecordItem of SPEC §2.
        path: "fund",
        handle: marketsArea,
        lazy: () => import("./routes/account-layout"),
        children: [
          { index: true, handle: { title: "fund.title" }, lazy: fundPage(() => import("./routes/fund/fund")) },
          { path: "records", handle: { title: "fund.records.title" }, lazy: fundPage(() => import("./routes/fund/records")) },
          { path: "records/:id", handle: { title: "fund.record.title" }, lazy: fundPage(() => import("./routes/fund/record-detail")) },
        ],
      },
      { path: "docs/privacy", handle: { title: "docs.privacy.title" }, lazy: () => import("./routes/docs/privacy") },
      { path: "docs/agreement", handle: { title: "docs.agreement.title" }, lazy: () => import("./routes/docs/agreement") },
      { path: "docs/tax-forms", handle: { title: "title.tax_forms" }, lazy: () => import("./routes/docs/tax-forms") },
      { path: "*", handle: { title: "app.not_found.title" }, lazy: () => import("./routes/not-found") },
    ],
  },
];
