import type { ApiClient } from "@/lib/api-client";
import type { ApiBody, ApiContent, Sent } from "@/lib/api-schema";

type Body = ApiBody<"/user/forgetPassword", "post">;

/** Step 1 (`{email, token}`) mails a code; step 2 sets the new password (then log in). */
export function forgetPassword(
  api: ApiClient,
  body: Sent<Body, "email" | "token"> | Sent<Body, "email" | "emailCaptcha" | "password" | "confirm">,
) {
  return api.post<ApiContent<"/user/forgetPassword", "post">>("user/forgetPassword", body, { login: true });
}
