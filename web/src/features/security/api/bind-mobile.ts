import type { ApiClient } from "@/lib/api-client";
import type { ApiBody, ApiContent, Sent } from "@/lib/api-schema";

type Body = ApiBody<"/user/mobile/bind", "post">;

/** What is sent: the mobile, and the codes the policy asks for. */
export type BindMobileBody = Sent<Body, "mobileCountry" | "mobileCode" | "mobile"> &
  Partial<Sent<Body, "mfaCode" | "emailCaptcha">>;

/** `POST user/mobile/bind`: bind or replace the mobile; the codes the policy asks are fields. The form shows a refusal. */
export function bindMobile(api: ApiClient, body: BindMobileBody) {
  return api.post<ApiContent<"/user/mobile/bind", "post">>("user/mobile/bind", body, { inline: true });
}
