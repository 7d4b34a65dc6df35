import type { ApiClient } from "@/lib/api-client";
import type { ApiBody, ApiContent } from "@/lib/api-schema";

/** `POST user/sessions/revoke {id}`: ends one of the user's sessions. */
export function revokeSession(api: ApiClient, id: string) {
  const body: ApiBody<"/user/sessions/revoke", "post"> = { id };
  return api.post<ApiContent<"/user/sessions/revoke", "post">>("user/sessions/revoke", body);
}
