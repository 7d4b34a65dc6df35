import type { ApiClient } from "@/lib/api-client";

/** `POST user/security/password`: set or change the 6-digit security PIN. Verified. */
export function setPin(api: ApiClient, body: { password: string; confirm: string }) {
  return api.post<null>("user/security/password", body);
}
