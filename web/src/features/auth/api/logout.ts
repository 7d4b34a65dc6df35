import type { ApiClient } from "@/lib/api-client";

/** `POST user/logout` (silent): ends the session on the server. */
export function logout(api: ApiClient) {
  return api.post<unknown>("user/logout", {}, { silent: true });
}
