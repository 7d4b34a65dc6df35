import type { ApiBody, ApiContent, Schema } from "@/lib/api-schema";
import type { OpsClient } from "./ops-client";

export type DecisionBody = ApiBody<"/ops/review/cases/{id}/decision", "post">;
export type RejectionReason = Schema<"RejectionReason">;

/** The reason catalogue's codes (`rejection_reason.<code>` in the domain catalogue), in its order. */
export const REJECTION_REASONS = [
  "document_unreadable",
  "document_expired",
  "document_incomplete",
  "document_wrong_type",
  "document_mismatch",
  "details_invalid",
  "address_unverified",
  "screening_match",
  "other",
] as const satisfies readonly RejectionReason[];

// Every code of the document's enum is listed (a new one fails the type check here).
type Missing = Exclude<RejectionReason, (typeof REJECTION_REASONS)[number]>;
const allListed: [Missing] extends [never] ? true : Missing = true;
void allListed;

/** `POST ops/review/cases/{id}/decision`: the case as it is afterwards; 102 errors go to the form. */
export function decideCase(api: OpsClient, caseId: string, body: DecisionBody) {
  return api.post<ApiContent<"/ops/review/cases/{id}/decision", "post">>(
    `ops/review/cases/${encodeURIComponent(caseId)}/decision`,
    body,
    { inline: true },
  );
}
