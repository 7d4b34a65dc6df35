import type { ApiClient } from "@/lib/api-client";

/** A binding key: the secret to type in, its QR code (data URL) and when it expires (ms). */
export interface AuthenticatorKey {
  readonly secretKey: string;
  readonly codeImgUrl: string;
  readonly expireTime: number;
}

/** `GET user/config/mfa/key`: issues a key after the step-up check (the client asks for it). */
export function getAuthenticatorKey(api: ApiClient) {
  return api.get<AuthenticatorKey>("user/config/mfa/key");
}
