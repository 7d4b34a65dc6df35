import { UsersPage } from "@/features/ops/components/users-page";

/** /ops/users: the user search (reviewer, finance, admin). */
export function Component() {
  return <UsersPage />;
}
