import { useSWRConfig } from "swr";
import { balanceKey } from "@/features/account/api/get-balance";
import { FundPage } from "@/features/fund/components/fund-page";
import { useSelf } from "@/features/user/api/get-self";
import { walletBalanceKey } from "@/features/wallet/api/get-wallet-balance";
import { useDomain } from "@/lib/domain";

/**
 * /fund (SPEC §2's FundTransaction, issue 26): the fund's figures, products and positions, with
 * subscribe and redeem. Subscribing passes the domain's "openFundAccount" gates (basic identity,
 * investor, AML, QI); redeeming needs the login only. A subscription or redemption moves the USD
 * account (account feature) or the wallet (wallet feature), which are read again.
 */
export function Component() {
  const { data: self } = useSelf();
  const domain = useDomain();
  const { mutate } = useSWRConfig();
  const closed =
    self &&
    domain.firstClosedGate("openFundAccount", {
      loggedIn: true,
      basicIdentity: self.status,
      investorIdentity: self.investor.status,
      aml: self.aml,
      qi: self.qualify,
      mobileBound: self.mobile !== null,
    });
  return (
    <FundPage
      subscribeGate={closed === "login" ? undefined : closed}
      onMoved={() => Promise.all([mutate(balanceKey), mutate(walletBalanceKey)])}
    />
  );
}
