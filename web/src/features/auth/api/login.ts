import type { ApiClient } from "@/lib/api-client";
import type { ApiBody, ApiContent, Sent } from "@/lib/api-schema";

type Body = ApiBody<"/user/login", "post">;

/** `POST user/login` answers either a session (`token`) or the factors still needed and a ticket (`accountId`). */
export type LoginAnswer = ApiContent<"/user/login", "post">;

/**
 * Both steps are silent: the dialog shows a refusal in the form, next to what it concerns, and
 * the next step instead of a success notice (a toast would outlive the dialog: a wrong password's
 * after the login succeeded, "Password accepted" beside a wrong code's error).
 */
const LOGIN_CALL = { login: true, silent: true } as const;

/** Step 1: e-mail, password and a captcha token. */
export function login(api: ApiClient, body: Sent<Body, "email" | "password" | "token">) {
  return api.post<LoginAnswer>("user/login", body, LOGIN_CALL);
}

/** Step 2: the ticket and the codes it asks for. */
export function completeLogin(
  api: ApiClient,
  body: Sent<Body, "accountId"> & Partial<Sent<Body, "emailCaptcha" | "mfaCode">>,
) {
  return api.post<LoginAnswer>("user/login", body, LOGIN_CALL);
}
