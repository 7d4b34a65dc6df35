import type { CardStatus } from "domain-wasm";
import type { ApiClient } from "@/lib/api-client";

/** `POST fiscard/unfreeze {cardKey}`: verified (statusCode 103), then the card pays again. */
export function unfreezeCard(api: ApiClient, cardKey: string) {
  return api.post<{ readonly cardStatus: CardStatus }>("fiscard/unfreeze", { cardKey });
}
