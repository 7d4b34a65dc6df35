import { ChangePasswordForm } from "@/features/security/components/change-password-form";

/** /my/security/password (ResetPass). */
export function Component() {
  return <ChangePasswordForm />;
}
