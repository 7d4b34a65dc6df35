import type { ApiClient } from "@/lib/api-client";

/** What `POST user/captcha` (silent) accepts before the user is logged in. */
export type EmailCodeRequest =
  | { readonly accountId: string }
  | { readonly email: string; readonly token: string; readonly purpose: "register" | "forgetPassword" };

/** Mails an e-mail code: for a login ticket, or again during registration or recovery. */
export function sendEmailCode(api: ApiClient, body: EmailCodeRequest) {
  return api.post<unknown>("user/captcha", body, { silent: true, login: true });
}
