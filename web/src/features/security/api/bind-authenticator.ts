import type { ApiClient } from "@/lib/api-client";
import type { ApiBody, ApiContent, Sent } from "@/lib/api-schema";

/** `POST user/config/mfa/key`: binds the issued key once `mfaCode` is its current code; 109 when it expired. */
export function bindAuthenticator(
  api: ApiClient,
  body: Sent<ApiBody<"/user/config/mfa/key", "post">, "mfaCode" | "remark">,
) {
  return api.post<ApiContent<"/user/config/mfa/key", "post">>("user/config/mfa/key", body);
}
