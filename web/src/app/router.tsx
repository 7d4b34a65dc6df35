import { redirect, type RouteObject } from "react-router-dom";
import { RouteError } from "@/components/errors/route-error";
import { PageSpinner } from "@/components/ui/page-spinner";
import { paths } from "@/config/paths";
import { RootLayout } from "./routes/root";
import type { RouteHandle } from "./shell/route-handle";

const goTo = (to: string) => () => redirect(to);
const needsLogin: RouteHandle = { protected: true };

/**
 * The route table of SPEC §2. Every page is its own chunk (`lazy`), loaded when first visited;
 * the account areas need a login (`handle.protected`).
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { index: true, loader: goTo(paths.productFiscard) },
      {
        path: "product",
        children: [
          { index: true, loader: goTo(paths.productFiscard) },
          { path: "fiscard", lazy: () => import("./routes/product/fiscard") },
        ],
      },
      {
        path: "my",
        handle: needsLogin,
        lazy: () => import("./routes/account-layout"),
        children: [
          { index: true, loader: goTo(paths.security) },
          { path: "security", lazy: () => import("./routes/my/security") },
          { path: "security/password", lazy: () => import("./routes/my/security-password") },
          { path: "security/pin", lazy: () => import("./routes/my/security-pin") },
          { path: "security/enable-sms", lazy: () => import("./routes/my/security-mobile") },
          { path: "security/google-authenticator", lazy: () => import("./routes/my/security-authenticators") },
          { path: "security/sessions", lazy: () => import("./routes/my/security-sessions") },
          { path: "security/history", lazy: () => import("./routes/my/security-history") },
          {
            path: "payment",
            children: [
              { index: true, loader: goTo(paths.paymentBank) },
              { path: "bank", lazy: () => import("./routes/my/payment-bank") },
              { path: "bank-add", lazy: () => import("./routes/my/payment-bank-add") },
            ],
          },
          { path: "profile", lazy: () => import("./routes/my/profile") },
        ],
      },
      {
        path: "account",
        handle: needsLogin,
        lazy: () => import("./routes/account-layout"),
        children: [
          { index: true, loader: goTo(paths.accountFiscard) },
          { path: "fiscard", lazy: () => import("./routes/account/fiscard") },
          {
            path: "order",
            children: [
              { index: true, loader: goTo(paths.accountOrderCard) },
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
