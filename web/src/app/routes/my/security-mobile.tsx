import { BindMobileForm } from "@/features/security/components/bind-mobile-form";
import { selfKey } from "@/features/user/api/get-self";
import { useApiLoader } from "@/lib/api-provider";

/** /my/security/enable-sms (EnableSMS): bind the mobile, then reload the user's data. */
export function Component() {
  const load = useApiLoader();
  return <BindMobileForm onBound={() => load(selfKey)} />;
}
