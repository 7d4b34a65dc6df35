import { lazy, memo, Suspense, useEffect, useState } from "react";
import { question } from "@/components/ui/confirm-store";
import { authDialog, closeAuthDialog } from "@/features/auth/stores/auth-dialog";
import { verificationRequest } from "@/features/security/stores/verification-request";
import { useStore, type Store } from "@/lib/store";

const ConfirmDialog = lazy(async () => ({
  default: (await import("@/components/ui/confirm-dialog")).ConfirmDialog,
}));
const AuthDialog = lazy(async () => ({
  default: (await import("@/features/auth/components/auth-dialog")).AuthDialog,
}));
const VerificationDialog = lazy(async () => ({
  default: (await import("@/features/security/components/verification-dialog")).VerificationDialog,
}));

/** True once `store` has held a value: a dialog's code is fetched when it is first opened. */
function useOpenedOnce<T>(store: Store<T>): boolean {
  const value = useStore(store);
  const [opened, setOpened] = useState(false);
  if (value !== null && !opened) setOpened(true);
  return opened || value !== null;
}

/** The app's dialogs: confirm prompts, step-up verification, and login/register/recover. */
export const ShellDialogs = memo(function ShellDialogs({
  onLoggedIn,
}: {
  readonly onLoggedIn: (token: string, registered: boolean) => Promise<void>;
}) {
  // Dialogs belong to this app: when it goes (a test's end), so do they.
  useEffect(
    () => () => {
      closeAuthDialog();
      verificationRequest.get()?.answer(null);
      question.get()?.answer(false);
    },
    [],
  );
  const authOpened = useOpenedOnce(authDialog);
  const verifyOpened = useOpenedOnce(verificationRequest);
  const confirmOpened = useOpenedOnce(question);
  return (
    <>
      <Suspense fallback={null}>
        {confirmOpened && <ConfirmDialog />}
        {verifyOpened && <VerificationDialog />}
        {authOpened && <AuthDialog onLoggedIn={onLoggedIn} />}
      </Suspense>
    </>
  );
});
