import type { ApiClient } from "@/lib/api-client";

/** `POST user/login` answers either a session `token` or the factors still needed and a ticket. */
export interface LoginAnswer {
  readonly token?: string;
  readonly email: boolean;
  readonly mfa: boolean;
  readonly security: boolean;
  /** The login ticket for step 2 when factors are needed. */
  readonly accountId?: string;
}

/** Step 1: e-mail, password and a captcha token. */
export function login(api: ApiClient, body: { email: string; password: string; token: string }) {
  return api.post<LoginAnswer>("user/login", body, { login: true });
}

/** Step 2: the ticket and the codes it asks for. */
export function completeLogin(
  api: ApiClient,
  body: { accountId: string; emailCaptcha?: string; mfaCode?: string },
) {
  return api.post<LoginAnswer>("user/login", body, { login: true });
}
