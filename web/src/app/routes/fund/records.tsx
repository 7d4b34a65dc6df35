import { FundRecordsPage } from "@/features/fund/components/fund-records-page";

/** /fund/records (SPEC §2's FundRecord): subscriptions, redemptions, interest and maturities, by type, a page at a time. */
export function Component() {
  return <FundRecordsPage />;
}
