import type { ApiKey } from "@/lib/api-provider";
import type { ApiContent, Schema } from "@/lib/api-schema";
import { useOps } from "./ops-provider";

/** `GET ops/review/cases/{id}`: a case (an attempt) with its items, documents and screening. */
export type ReviewCase = ApiContent<"/ops/review/cases/{id}", "get">;
export type CaseItem = Schema<"CaseItem">;
export type CaseDocument = Schema<"CaseDocument">;

export const caseKey = (caseId: string): ApiKey => [`ops/review/cases/${encodeURIComponent(caseId)}`];

export const useCase = (caseId: string) => useOps<ReviewCase>(caseKey(caseId));
