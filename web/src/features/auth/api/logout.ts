import type { ApiClient } from "@/lib/api-client";
import type { ApiContent } from "@/lib/api-schema";

/** `POST user/logout` (silent): ends the session on the server. */
export function logout(api: ApiClient) {
  return api.post<ApiContent<"/user/logout", "post">>("user/logout", {}, { silent: true });
}
