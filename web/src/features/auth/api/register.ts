import type { ApiClient } from "@/lib/api-client";
import type { ApiBody, ApiContent, Sent } from "@/lib/api-schema";

type Body = ApiBody<"/user/register", "post">;

/** Step 1 (`{email, token}`) mails a code; step 2 creates the account and answers a session. */
export function register(
  api: ApiClient,
  body: Sent<Body, "email" | "token"> | Sent<Body, "email" | "emailCaptcha" | "password" | "confirm">,
) {
  return api.post<ApiContent<"/user/register", "post">>("user/register", body, { login: true });
}
