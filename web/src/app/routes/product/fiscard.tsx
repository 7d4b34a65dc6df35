import { openAuthDialog } from "@/features/auth/stores/auth-dialog";
import { FiscardPage } from "@/features/product/components/fiscard-page";
import { useSelf } from "@/features/user/api/get-self";
import { useLoggedIn } from "@/lib/session";

/** /product/fiscard: the card's landing page, with the application form at #apply. */
export function Component() {
  const loggedIn = useLoggedIn();
  const { data: self, mutate } = useSelf(loggedIn);
  return (
    <FiscardPage
      loggedIn={loggedIn}
      applicant={self}
      onLogin={() => openAuthDialog("login")}
      reloadApplicant={() => mutate()}
    />
  );
}
