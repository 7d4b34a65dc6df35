import type { ApiClient } from "@/lib/api-client";
import type { ApiContent } from "@/lib/api-schema";

/** A binding key: the secret to type in, its QR code (data URL) and when it expires (ms). */
export type AuthenticatorKey = ApiContent<"/user/config/mfa/key", "get">;

/** `GET user/config/mfa/key`: issues a key after the step-up check (the client asks for it). */
export function getAuthenticatorKey(api: ApiClient) {
  return api.get<AuthenticatorKey>("user/config/mfa/key");
}
