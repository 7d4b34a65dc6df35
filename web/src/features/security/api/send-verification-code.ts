import type { ApiClient } from "@/lib/api-client";
import type { ApiBody, ApiContent } from "@/lib/api-schema";

/** `POST user/captcha {purpose: "verify"}` (silent): an e-mail code for a step-up check. */
export function sendVerificationCode(api: ApiClient) {
  const body: ApiBody<"/user/captcha", "post"> = { purpose: "verify" };
  return api.post<ApiContent<"/user/captcha", "post">>("user/captcha", body, { silent: true });
}
