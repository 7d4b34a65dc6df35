import { redirect, type RouteObject } from "react-router-dom";
import { RouteError } from "@/components/errors/route-error";
import { PageSpinner } from "@/components/ui/page-spinner";
import { paths } from "@/config/paths";
import { firstCardsPage } from "@/features/cards/api/get-cards";
import { RootLayout } from "./routes/root";
import type { RouteHandle } from "./shell/route-handle";

/** A path that only redirects: its loader answers before anything renders, so it shows nothing. */
const goTo = (to: string): RouteObject => ({ index: true, loader: () => redirect(to), element: null });
const needsLogin: RouteHandle = { protected: true };
const accountArea: RouteHandle = { protected: true, usesDomain: true };
const form: RouteHandle = { usesDomain: true };
const readsCards: RouteHandle = { reads: [firstCardsPage] };

/**
 * The route table of SPEC §2. Every page is its own chunk (`lazy`), loaded when first visited;
 * the account areas need a login (`handle.protected`); a page may name what it needs first
 * (`handle.reads`, `handle.usesDomain`).
 */
export const routes: RouteObject[] = [
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
          { path: "fiscard", lazy: () => import("./routes/product/fiscard") },
        ],
      },
      {
        path: "my",
        handle: needsLogin,
        lazy: () => import("./routes/account-layout"),
        children: [
          goTo(paths.security),
          { path: "security", lazy: () => import("./routes/my/security") },
          { path: "security/password", handle: form, lazy: () => import("./routes/my/security-password") },
          { path: "security/pin", handle: form, lazy: () => import("./routes/my/security-pin") },
          { path: "security/enable-sms", handle: form, lazy: () => import("./routes/my/security-mobile") },
          { path: "security/google-authenticator", handle: form, lazy: () => import("./routes/my/security-authenticators") },
          { path: "security/sessions", lazy: () => import("./routes/my/security-sessions") },
          { path: "security/history", lazy: () => import("./routes/my/security-history") },
          {
            path: "payment",
            children: [
              goTo(paths.paymentBank),
              { path: "bank", lazy: () => import("./routes/my/payment-bank") },
              { path: "bank-add", lazy: () => import("./routes/my/payment-bank-add") },
            ],
          },
          { path: "profile", lazy: () => import("./routes/my/profile") },
        ],
      },
      {
        path: "account",
        handle: accountArea,
        lazy: () => import("./routes/account-layout"),
        children: [
          goTo(paths.accountFiscard),
          { path: "fiscard", handle: readsCards, lazy: () => import("./routes/account/fiscard") },
          {
            path: "order",
            children: [
              goTo(paths.accountOrderCard),
              { path: "card", lazy: () => import("./routes/account/order-card") },
            ],
          },
        ],
      },
      { path: "docs/privacy", lazy: () => import("./routes/docs/privacy") },
      { path: "docs/agreement", lazy: () => import("./routes/docs/agreement") },
      { path: "docs/tax-forms", lazy: () => import("./routes/docs/tax-forms") },
      { path: "*", lazy: () => import("./routes/not-found") },
    ],
  },
];
