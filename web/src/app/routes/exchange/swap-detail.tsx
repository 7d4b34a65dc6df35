import { useParams } from "react-router-dom";
import { SwapDetailPage } from "@/features/exchange/components/swap-detail-page";

/** /exchange/swaps/:id: one swap of the user's. */
export function Component() {
  const { id = "" } = useParams();
  return <SwapDetailPage key={id} id={id} />;
}
