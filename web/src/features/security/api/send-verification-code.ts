import type { ApiClient } from "@/lib/api-client";

/** `POST user/captcha {purpose: "verify"}` (silent): an e-mail code for a step-up check. */
export function sendVerificationCode(api: ApiClient) {
  return api.post<{ resendAfter: number }>("user/captcha", { purpose: "verify" }, { silent: true });
}
