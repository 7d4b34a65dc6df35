import type { ApiClient } from "@/lib/api-client";
import type { ApiBody, ApiContent } from "@/lib/api-schema";

/** `POST fiscard/freeze {cardKey}`: the card declines every payment until it is unfrozen. */
export function freezeCard(api: ApiClient, cardKey: string) {
  const body: ApiBody<"/fiscard/freeze", "post"> = { cardKey };
  return api.post<ApiContent<"/fiscard/freeze", "post">>("fiscard/freeze", body);
}
