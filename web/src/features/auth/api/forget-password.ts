import type { ApiClient } from "@/lib/api-client";

/** Step 1 (`{email, token}`) mails a code; step 2 sets the new password (then log in). */
export function forgetPassword(
  api: ApiClient,
  body:
    | { email: string; token: string }
    | { email: string; emailCaptcha: string; password: string; confirm: string },
) {
  return api.post<unknown>("user/forgetPassword", body, { login: true });
}
