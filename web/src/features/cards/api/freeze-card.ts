import type { CardStatus } from "domain-wasm";
import type { ApiClient } from "@/lib/api-client";

/** `POST fiscard/freeze {cardKey}`: the card declines every payment until it is unfrozen. */
export function freezeCard(api: ApiClient, cardKey: string) {
  return api.post<{ readonly cardStatus: CardStatus }>("fiscard/freeze", { cardKey });
}
