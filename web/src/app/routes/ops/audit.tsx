import { AuditPage } from "@/features/ops/components/audit-page";

/** /ops/audit (admin): the audit trail. */
export function Component() {
  return <AuditPage />;
}
