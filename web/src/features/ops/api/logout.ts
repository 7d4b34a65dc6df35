import type { ApiContent } from "@/lib/api-schema";
import type { OpsClient } from "./ops-client";

/** `POST ops/logout` (silent): ends the operator session on the server. */
export function opsLogout(api: OpsClient) {
  return api.post<ApiContent<"/ops/logout", "post">>("ops/logout", {}, { silent: true });
}
