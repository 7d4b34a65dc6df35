import type { ProductTerms, RedeemPreview, SubscribePreview } from "domain-markets";
import type { Schema } from "@/lib/api-schema";
import { useMarkets } from "@/lib/domain";

/** A product's terms as the API sends them (`fixed` null for the current product). */
type ApiTerms = Schema<"ProductTerms">;

/** The terms as the domain module reads them (no `fixed` for the current product). */
const domainTerms = ({ fixed, ...terms }: ApiTerms): ProductTerms => ({ ...terms, ...(fixed && { fixed }) });

/**
 * The fund's own functions of the domain module: what a subscription and a redemption will do,
 * computed as the server executes them (`fundSubscribePreview`, `fundRedeemPreview`). The only
 * place the fund's screens call them, so that the module they come from is named once.
 */
export function useFundPreviews() {
  const domain = useMarkets();
  return {
    /** Subscribing `amount` (as typed) on `today`; undefined while it is not an amount the product takes. */
    subscribe(terms: ApiTerms, today: string, amount: string): SubscribePreview | undefined {
      if (amount.trim() === "") return undefined;
      const preview = domain.fundSubscribePreview(domainTerms(terms), today, amount);
      return "error" in preview ? undefined : preview;
    },
    /** Redeeming `amount` on `today`; undefined while it is not an amount of the asset. */
    redeem(terms: ApiTerms, today: string, amount: string): RedeemPreview | undefined {
      if (amount.trim() === "") return undefined;
      const preview = domain.fundRedeemPreview(domainTerms(terms), today, amount);
      return "error" in preview ? undefined : preview;
    },
  };
}
