import type { ApiClient } from "@/lib/api-client";
import type { ApiBody, ApiContent, Sent } from "@/lib/api-schema";

type Body = ApiBody<"/user/login", "post">;

/** `POST user/login` answers either a session (`token`) or the factors still needed and a ticket (`accountId`). */
export type LoginAnswer = ApiContent<"/user/login", "post">;

/** Step 1: e-mail, password and a captcha token. */
export function login(api: ApiClient, body: Sent<Body, "email" | "password" | "token">) {
  return api.post<LoginAnswer>("user/login", body, { login: true });
}

/** Step 2: the ticket and the codes it asks for. */
export function completeLogin(
  api: ApiClient,
  body: Sent<Body, "accountId"> & Partial<Sent<Body, "emailCaptcha" | "mfaCode">>,
) {
  return api.post<LoginAnswer>("user/login", body, { login: true });
}
