import type { ApiBody, ApiContent, Sent } from "@/lib/api-schema";
import type { OpsClient } from "./ops-client";

type Body = ApiBody<"/ops/login", "post">;

/** An operator session: `token` goes in the `Ops-Token` header. */
export type OpsSession = ApiContent<"/ops/login", "post">;

/** `POST ops/login`: e-mail, password and authenticator code, always (the form shows a refusal). */
export function opsLogin(api: OpsClient, body: Sent<Body, "email" | "password" | "code">) {
  return api.post<OpsSession>("ops/login", body, { inline: true, silent: true });
}
