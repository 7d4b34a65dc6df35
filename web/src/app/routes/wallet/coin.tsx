import { useParams } from "react-router-dom";
import { CoinPage } from "@/features/wallet/components/coin-page";

/** /wallet/coins/:coinCode (SPEC §2's Coin): one coin's balance and networks. */
export function Component() {
  const { coinCode = "" } = useParams();
  return <CoinPage key={coinCode} coinCode={coinCode} />;
}
