import type { ApiBody, ApiContent, Sent } from "@/lib/api-schema";
import type { OpsClient } from "./ops-client";

export type OpsCard = ApiContent<"/ops/cards/{cardKey}/freeze", "post">;
type FreezeBody = Sent<ApiBody<"/ops/cards/{cardKey}/freeze", "post">, "reason" | "note">;

/** Why an operator freezes or unfreezes a card (`domain::card::FreezeReason`, labels `card_freeze_reason.<code>`). */
export const FREEZE_REASONS = ["suspected_fraud", "customer_request", "lost_or_stolen", "compliance", "other"] as const;

/** `POST ops/cards/{cardKey}/freeze|unfreeze {reason, note}` (finance) → the card; the card's status machine may refuse (409). */
export function setCardFrozen(api: OpsClient, cardKey: string, frozen: boolean, body: FreezeBody) {
  return api.post<OpsCard>(`ops/cards/${encodeURIComponent(cardKey)}/${frozen ? "freeze" : "unfreeze"}`, body, { inline: true });
}
