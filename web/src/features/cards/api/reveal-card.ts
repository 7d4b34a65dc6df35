import type { ApiClient } from "@/lib/api-client";
import type { ApiBody, ApiContent } from "@/lib/api-schema";

/** What `POST fiscard/query/cvv` reveals. Kept in a component's state only, never cached. */
export type CardDetails = ApiContent<"/fiscard/query/cvv", "post">;

/**
 * `POST fiscard/query/cvv {cardKey}`: the card's full number, CVV and expiry, after the trade
 * verification (the client asks for the codes on statusCode 103).
 */
export function revealCard(api: ApiClient, cardKey: string) {
  const body: ApiBody<"/fiscard/query/cvv", "post"> = { cardKey };
  return api.post<CardDetails>("fiscard/query/cvv", body);
}
