import { LoginPage } from "@/features/ops/components/login-page";

/** /ops/login. */
export function Component() {
  return <LoginPage />;
}
