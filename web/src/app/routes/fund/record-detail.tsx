import { useParams } from "react-router-dom";
import { FundRecordPage } from "@/features/fund/components/fund-record-page";

/** /fund/records/:id (SPEC §2's FundRecordItem): one record of the fund. */
export function Component() {
  const { id = "" } = useParams();
  return <FundRecordPage key={id} id={id} />;
}
