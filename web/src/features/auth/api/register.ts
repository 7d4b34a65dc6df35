import type { ApiClient } from "@/lib/api-client";
import type { LoginAnswer } from "./login";

/** Step 1 (`{email, token}`) mails a code; step 2 creates the account and answers a token. */
export function register(
  api: ApiClient,
  body:
    | { email: string; token: string }
    | { email: string; emailCaptcha: string; password: string; confirm: string },
) {
  return api.post<LoginAnswer>("user/register", body, { login: true });
}
