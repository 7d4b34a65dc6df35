import { useSWRConfig } from "swr";
import { balanceKey } from "@/features/account/api/get-balance";
import { ExchangePage } from "@/features/exchange/components/exchange-page";
import { useSelf } from "@/features/user/api/get-self";
import { walletBalanceKey } from "@/features/wallet/api/get-wallet-balance";
import { useDomain } from "@/lib/domain";

/**
 * /exchange (issue 22): a swap between USD and the coins, once the domain's exchange gates (basic
 * identity) are passed; a swap moves the USD account (account feature) and the wallet (wallet
 * feature), which are read again.
 */
export function Component() {
  const { data: self } = useSelf();
  const domain = useDomain();
  const { mutate } = useSWRConfig();
  const closed =
    self &&
    domain.firstClosedGate("exchange", {
      loggedIn: true,
      basicIdentity: self.status,
      investorIdentity: self.investor.status,
      aml: self.aml,
      qi: self.qualify,
      mobileBound: self.mobile !== null,
    });
  return (
    <ExchangePage
      needsIdentity={closed === "basicIdentity"}
      onSwapped={() => Promise.all([mutate(balanceKey), mutate(walletBalanceKey)])}
    />
  );
}
