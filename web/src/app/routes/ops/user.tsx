import { UserPage } from "@/features/ops/components/user-page";

/** /ops/users/:userId: a user's page (reviewer, finance, admin). */
export function Component({ userId }: { readonly userId: string }) {
  return <UserPage userId={userId} />;
}
