import {
  Toaster as ChakraToaster,
  createToaster,
  Portal,
  Spinner,
  Stack,
  Toast,
} from "@chakra-ui/react";

/**
 * Chakra's store of the app's toasts (Zag's toast machine). `toaster-queue.ts` loads it with the
 * first toast, together with the list that renders it: a first visit downloads neither.
 */
export const toastStore = createToaster({
  placement: "bottom-end",
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
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
