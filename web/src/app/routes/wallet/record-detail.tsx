import { useParams } from "react-router-dom";
import { WalletRecordPage } from "@/features/wallet/components/wallet-record-page";

/** /wallet/record/:id (SPEC §2's WalletRecordDetail): one deposit's or withdrawal's record. */
export function Component() {
  const { id = "" } = useParams();
  return <WalletRecordPage key={id} id={id} />;
}
