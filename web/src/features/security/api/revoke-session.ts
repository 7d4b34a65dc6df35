import type { ApiClient } from "@/lib/api-client";

/** `POST user/sessions/revoke {id}`: ends one of the user's sessions. */
export function revokeSession(api: ApiClient, id: string) {
  return api.post<null>("user/sessions/revoke", { id });
}
