import { useParams } from "react-router-dom";
import { DepositPage } from "@/features/wallet/components/deposit-page";

/** /wallet/deposit/:coinCode? (SPEC §2's Deposit): the user's address for a coin on a network. */
export function Component() {
  const { coinCode } = useParams();
  return <DepositPage coinCode={coinCode} />;
}
