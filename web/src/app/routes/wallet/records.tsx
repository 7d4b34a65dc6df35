import { WalletRecordsPage } from "@/features/wallet/components/wallet-records-page";

/** /wallet/record: the deposits and withdrawals, filtered by coin and type, a page at a time. */
export function Component() {
  return <WalletRecordsPage />;
}
