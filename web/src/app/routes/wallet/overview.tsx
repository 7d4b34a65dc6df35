import { WalletOverviewPage } from "@/features/wallet/components/wallet-overview-page";

/** /wallet/overview: the wallet's total value, its charts and each coin's balance. */
export function Component() {
  return <WalletOverviewPage />;
}
