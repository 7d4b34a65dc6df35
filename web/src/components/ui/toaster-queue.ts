import { createToaster } from "@chakra-ui/react";

/** The app's one toast queue: `toaster.create({ type, title, description })`. */
export const toaster = createToaster({
  placement: "bottom-end",
  pauseOnPageIdle: true,
});
