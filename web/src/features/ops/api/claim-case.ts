import type { ApiContent } from "@/lib/api-schema";
import type { OpsClient } from "./ops-client";

const casePath = (caseId: string) => `ops/review/cases/${encodeURIComponent(caseId)}`;

/** `POST ops/review/cases/{id}/claim` → `{expiresAt}`; another live claim answers 409 (a notice). */
export function claimCase(api: OpsClient, caseId: string) {
  return api.post<ApiContent<"/ops/review/cases/{id}/claim", "post">>(`${casePath(caseId)}/claim`);
}

/** `POST ops/review/cases/{id}/release`: lets the case go back to the queue. */
export function releaseCase(api: OpsClient, caseId: string) {
  return api.post<ApiContent<"/ops/review/cases/{id}/release", "post">>(`${casePath(caseId)}/release`);
}
