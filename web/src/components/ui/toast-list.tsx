import {
  Toaster as ChakraToaster,
  createToaster,
  Portal,
  Spinner,
  Stack,
  Toast,
} from "@chakra-ui/react";
import { useMemo } from "react";
import { useIsMobileLive } from "@/lib/viewport";
import { liveTextOf, ToastText } from "./toast-text";

type Placement = Pick<ReturnType<typeof createToaster>["attrs"], "placement" | "offsets">;

/**
 * Where toasts show: at the bottom corner on a wide screen. On a phone, at the top, below the
 * header row (the app's, or a full-screen dialog's with its close button): no dialog keeps its
 * actions there (the bottom dialog's Back/Next, a dialog's buttons and footer sit low), so a toast
 * neither covers them nor sits under the finger that reaches for them.
 */
export function toastPlacement(phone: boolean): Placement {
  return phone
    ? { placement: "top", offsets: { top: "4.5rem", right: "1rem", bottom: "1rem", left: "1rem" } }
    : { placement: "bottom-end", offsets: "1rem" };
}

/**
 * Chakra's store of the app's toasts (Zag's toast machine). `toaster-queue.ts` loads it with the
 * first toast, together with the list that renders it: a first visit downloads neither. Where the
 * toasts show is the list's to say, as the viewport changes.
 */
export const toastStore = createToaster({ pauseOnPageIdle: true });

/**
 * The store as the list hands it to Chakra's toaster, placed for `phone`: the same queue (its
 * functions), with the placement and offsets the toast group reads from `attrs` as it renders.
 */
function placed(phone: boolean): typeof toastStore {
  return { ...toastStore, attrs: { ...toastStore.attrs, ...toastPlacement(phone) } };
}

/** Renders the toasts of the app's one queue (`toaster-queue.ts`). */
export function ToastList() {
  // A resized window or a turned phone moves the toasts up, or to the corner, at once.
  const phone = useIsMobileLive();
  const toaster = useMemo(() => placed(phone), [phone]);
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: "4" }}>
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
