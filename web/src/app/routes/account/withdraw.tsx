import { useBalance } from "@/features/account/api/get-balance";
import { WithdrawPage } from "@/features/payment/components/withdraw-page";
import { useSelf } from "@/features/user/api/get-self";

/** /account/withdraw: USD withdrawals to a saved bank account (SPEC §2's Collection). */
export function Component() {
  const { data: self } = useSelf();
  const { mutate } = useBalance();
  return <WithdrawPage needsIdentity={self !== undefined && !self.accountHolder} onMoneyMoved={mutate} />;
}
