import { WithdrawalsPage } from "@/features/ops/components/withdrawals-page";

/** /ops/withdrawals (finance). */
export function Component() {
  return <WithdrawalsPage />;
}
