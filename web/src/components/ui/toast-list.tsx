import {
  Toaster as ChakraToaster,
  createToaster,
  Portal,
  Spinner,
  Stack,
  Toast,
} from "@chakra-ui/react";
import { MOBILE_BELOW } from "@/lib/viewport";
import { liveTextOf, ToastText } from "./toast-text";

/**
 * Where toasts show: at the bottom corner on a wide screen. On a phone, at the top, below the
 * header row (the app's, or a full-screen dialog's with its close button): no dialog keeps its
 * actions there (the bottom dialog's Back/Next, a dialog's buttons and footer sit low), so a toast
 * neither covers them nor sits under the finger that reaches for them.
 */
export function toastPlacement(): { readonly placement: "top" | "bottom-end"; readonly offsets: string | Record<"top" | "right" | "bottom" | "left", string> } {
  const phone = typeof window !== "undefined" && window.innerWidth < MOBILE_BELOW;
  return phone
    ? { placement: "top", offsets: { top: "4.5rem", right: "1rem", bottom: "1rem", left: "1rem" } }
    : { placement: "bottom-end", offsets: "1rem" };
}

/**
 * Chakra's store of the app's toasts (Zag's toast machine). `toaster-queue.ts` loads it with the
 * first toast, together with the list that renders it: a first visit downloads neither. Its
 * placement is read from the viewport then (phones turn seldom between two toasts).
 */
export const toastStore = createToaster({
  ...toastPlacement(),
  pauseOnPageIdle: true,
});

/** Renders the toasts of the app's one queue (`toaster-queue.ts`). */
export function ToastList() {
  return (
    <Portal>
      <ChakraToaster toaster={toastStore} insetInline={{ mdDown: "4" }}>
        {(toast) => (
          <Toast.Root width={{ md: "sm" }}>
            {toast.type === "loading" ? <Spinner size="sm" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && (
                <Toast.Title>
                  <ToastText text={liveTextOf(toast.meta)} fallback={toast.title} />
                </Toast.Title>
              )}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
