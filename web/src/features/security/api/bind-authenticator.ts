import type { ApiClient } from "@/lib/api-client";
import type { AuthenticatorEntry } from "./get-security-config";

/** `POST user/config/mfa/key`: binds the issued key once `mfaCode` is its current code; 109 when it expired. */
export function bindAuthenticator(api: ApiClient, body: { mfaCode: string; remark: string }) {
  return api.post<AuthenticatorEntry>("user/config/mfa/key", body);
}
