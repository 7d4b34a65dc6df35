import { useSWRConfig } from "swr";
import { balanceKey } from "@/features/account/api/get-balance";
import { UsdBalance, useUsdBalance } from "@/features/account/components/usd-balance";
import { WireInstructions } from "@/features/account/components/wire-instructions";
import { CardAccountPage } from "@/features/cards/components/card-account-page";

/** /account/fiscard: the USD account (account feature) and the cards it funds (cards feature). */
export function Component() {
  const { mutate } = useSWRConfig();
  const availableBalance = useUsdBalance();
  return (
    <CardAccountPage
      balance={<UsdBalance />}
      availableBalance={availableBalance}
      wireInstructions={<WireInstructions />}
      onBalanceChanged={() => mutate(balanceKey)}
    />
  );
}
