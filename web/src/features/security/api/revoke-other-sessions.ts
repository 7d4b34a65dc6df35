import type { ApiClient } from "@/lib/api-client";

/** `POST user/sessions/revokeOthers`: ends every session but this one. */
export function revokeOtherSessions(api: ApiClient) {
  return api.post<{ revoked: number }>("user/sessions/revokeOthers");
}
