import type { ApiKey } from "@/lib/api-provider";
import type { ApiListItem, ApiQuery } from "@/lib/api-schema";
import { useOpsList } from "./ops-provider";

/** One entry of the audit trail (`GET ops/audit`, admin), newest first. */
export type AuditEntry = ApiListItem<"/ops/audit">;
export type AuditFilters = ApiQuery<"/ops/audit", "get">;

export const AUDIT_PAGE_SIZE = 25;

export const useAudit = (filters: AuditFilters) => {
  const key: ApiKey = ["ops/audit", { ...filters, pageSize: AUDIT_PAGE_SIZE }];
  return useOpsList<AuditEntry>(key);
};
