import type { ApiClient } from "@/lib/api-client";
import type { ApiContent } from "@/lib/api-schema";

/** `POST user/sessions/revokeOthers`: ends every session but this one. */
export function revokeOtherSessions(api: ApiClient) {
  return api.post<ApiContent<"/user/sessions/revokeOthers", "post">>("user/sessions/revokeOthers");
}
