import type { ApiBody, ApiContent, Sent } from "@/lib/api-schema";
import type { OpsClient } from "./ops-client";
import type { OpsSession } from "./login";

/** What the enrolment page shows: whose it is, and the authenticator secret to bind. */
export type EnrolmentKey = ApiContent<"/ops/enrolment/start", "post">;

type FinishBody = ApiBody<"/ops/enrolment/finish", "post">;

/** `POST ops/enrolment/start {token}`: 404 for a used, expired or unknown link (shown by the page). */
export function startEnrolment(api: OpsClient, token: string) {
  return api.post<EnrolmentKey>("ops/enrolment/start", { token }, { silent: true });
}

/** `POST ops/enrolment/finish`: the password twice and the code; answers a session as login does. */
export function finishEnrolment(api: OpsClient, body: Sent<FinishBody, "token" | "password" | "confirm" | "code">) {
  return api.post<OpsSession>("ops/enrolment/finish", body, { inline: true, silent: true });
}
