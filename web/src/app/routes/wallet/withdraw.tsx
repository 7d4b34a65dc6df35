import { useParams } from "react-router-dom";
import { useSelf } from "@/features/user/api/get-self";
import { CryptoWithdrawPage } from "@/features/wallet/components/crypto-withdraw-page";
import { useDomain } from "@/lib/domain";

/**
 * /wallet/withdraw/:coinCode? (SPEC §2's Withdraw): a coin sent to an address on a network,
 * once the domain's withdrawal gates (basic identity) are passed.
 */
export function Component() {
  const { coinCode } = useParams();
  const { data: self } = useSelf();
  const domain = useDomain();
  const closed =
    self &&
    domain.firstClosedGate("withdraw", {
      loggedIn: true,
      basicIdentity: self.status,
      investorIdentity: self.investor.status,
      aml: self.aml,
      qi: self.qualify,
      mobileBound: self.mobile !== null,
    });
  return <CryptoWithdrawPage coinCode={coinCode} needsIdentity={closed === "basicIdentity"} />;
}
