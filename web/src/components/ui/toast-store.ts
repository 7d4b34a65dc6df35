import { createToaster } from "@chakra-ui/react";

/** Chakra's store of the app's toasts (toaster-queue.ts loads it with the first toast). */
export const toastStore = createToaster({
  placement: "bottom-end",
  pauseOnPageIdle: true,
});
