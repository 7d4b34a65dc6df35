import type { ApiClient } from "@/lib/api-client";
import type { ApiBody, ApiContent } from "@/lib/api-schema";

/** `POST fiscard/unfreeze {cardKey}`: verified (statusCode 103), then the card pays again. */
export function unfreezeCard(api: ApiClient, cardKey: string) {
  const body: ApiBody<"/fiscard/unfreeze", "post"> = { cardKey };
  return api.post<ApiContent<"/fiscard/unfreeze", "post">>("fiscard/unfreeze", body);
}
