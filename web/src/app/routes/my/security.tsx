import { SecurityOverview } from "@/features/security/components/security-overview";
import { useSelf } from "@/features/user/api/get-self";

/** /my/security: the security center; #mobile is the mobile section. */
export function Component() {
  const { data: self } = useSelf();
  return <SecurityOverview email={self?.email} mobile={self?.mobile} />;
}
