import type { ApiClient } from "@/lib/api-client";

export type BindMobileBody = {
  mobileCountry: string;
  mobileCode: string;
  mobile: string;
  mfaCode?: string;
  emailCaptcha?: string;
};

/** `POST user/mobile/bind`: bind or replace the mobile; the codes the policy asks are fields. */
export function bindMobile(api: ApiClient, body: BindMobileBody) {
  return api.post<{ mobile: string; mobileCode: string; mobileCountry: string }>("user/mobile/bind", body);
}
