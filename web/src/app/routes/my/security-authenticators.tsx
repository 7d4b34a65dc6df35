import { AuthenticatorsPage } from "@/features/security/components/authenticators-page";

/** /my/security/google-authenticator (GoogleAuthenticators). */
export function Component() {
  return <AuthenticatorsPage />;
}
