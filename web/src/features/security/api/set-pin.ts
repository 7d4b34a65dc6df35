import type { ApiClient } from "@/lib/api-client";
import type { ApiBody, ApiContent, Sent } from "@/lib/api-schema";

/** `POST user/security/password`: set or change the 6-digit security PIN. Verified; the form shows a refusal. */
export function setPin(api: ApiClient, body: Sent<ApiBody<"/user/security/password", "post">, "password" | "confirm">) {
  return api.post<ApiContent<"/user/security/password", "post">>("user/security/password", body, { inline: true });
}
