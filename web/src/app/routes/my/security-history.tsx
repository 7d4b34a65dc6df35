import { SecurityHistoryPage } from "@/features/security/components/security-history-page";

/** /my/security/history: the account's security events. */
export function Component() {
  return <SecurityHistoryPage />;
}
