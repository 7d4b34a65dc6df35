import type { ApiClient } from "@/lib/api-client";

/** `DELETE user/config/mfa/key {mfaId}`: removes one authenticator (never the last); verified. */
export function removeAuthenticator(api: ApiClient, mfaId: string) {
  return api.delete<null>("user/config/mfa/key", { mfaId });
}
