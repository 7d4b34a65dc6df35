import { SessionsPage } from "@/features/security/components/sessions-page";

/** /my/security/sessions: the user's live sessions. */
export function Component() {
  return <SessionsPage />;
}
