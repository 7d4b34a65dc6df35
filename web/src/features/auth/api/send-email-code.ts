import type { ApiClient } from "@/lib/api-client";
import type { ApiBody, ApiContent, Sent } from "@/lib/api-schema";

type Body = ApiBody<"/user/captcha", "post">;

/** What `POST user/captcha` (silent) accepts before the user is logged in. */
export type EmailCodeRequest =
  | Sent<Body, "accountId">
  | (Sent<Body, "email" | "token"> & { readonly purpose: "register" | "forgetPassword" });

/** Mails an e-mail code: for a login ticket, or again during registration or recovery. */
export function sendEmailCode(api: ApiClient, body: EmailCodeRequest) {
  return api.post<ApiContent<"/user/captcha", "post">>("user/captcha", body, { silent: true, login: true });
}
