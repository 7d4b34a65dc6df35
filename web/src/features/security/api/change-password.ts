import type { ApiClient } from "@/lib/api-client";
import type { ApiBody, ApiContent, Sent } from "@/lib/api-schema";

/** `POST user/password`: the login password; every other session ends. Verified; the form shows a refusal. */
export function changePassword(
  api: ApiClient,
  body: Sent<ApiBody<"/user/password", "post">, "oldPassword" | "password" | "confirm">,
) {
  return api.post<ApiContent<"/user/password", "post">>("user/password", body, { inline: true });
}
