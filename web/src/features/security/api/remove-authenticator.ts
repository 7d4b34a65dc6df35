import type { ApiClient } from "@/lib/api-client";
import type { ApiBody, ApiContent } from "@/lib/api-schema";

/** `DELETE user/config/mfa/key {mfaId}`: removes one authenticator (never the last); verified. */
export function removeAuthenticator(api: ApiClient, mfaId: string) {
  const body: ApiBody<"/user/config/mfa/key", "delete"> = { mfaId };
  return api.delete<ApiContent<"/user/config/mfa/key", "delete">>("user/config/mfa/key", body);
}
