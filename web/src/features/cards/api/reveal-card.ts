import type { ApiClient } from "@/lib/api-client";

/** What `POST fiscard/query/cvv` reveals. Kept in a component's state only, never cached. */
export interface CardDetails {
  readonly cardNo: string;
  readonly cvv: string;
  /** MM/YY */
  readonly expirationDate: string;
  readonly billAddress: string | null;
}

/**
 * `POST fiscard/query/cvv {cardKey}`: the card's full number, CVV and expiry, after the trade
 * verification (the client asks for the codes on statusCode 103).
 */
export function revealCard(api: ApiClient, cardKey: string) {
  return api.post<CardDetails>("fiscard/query/cvv", { cardKey });
}
