import { ProfilePage } from "@/features/identity/components/profile-page";
import { useSelf } from "@/features/user/api/get-self";

/** /my/profile (anchors #basic, #investor, #AML, #QI) and its dialogs' paths. */
export function Component() {
  const { data: self, error, mutate } = useSelf();
  return <ProfilePage self={self} failed={error !== undefined} onRetry={() => void mutate()} reloadSelf={() => mutate()} />;
}
