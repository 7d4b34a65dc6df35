import { useParams } from "react-router-dom";
import { useSelf } from "@/features/user/api/get-self";
import { CryptoWithdrawPage } from "@/features/wallet/components/crypto-withdraw-page";

/** /wallet/withdraw/:coinCode? (SPEC §2's Withdraw): a coin sent to an address on a network. */
export function Component() {
  const { coinCode } = useParams();
  const { data: self } = useSelf();
  return <CryptoWithdrawPage coinCode={coinCode} needsIdentity={self !== undefined && !self.accountHolder} />;
}
