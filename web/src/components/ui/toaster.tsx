import { lazy, Suspense, useEffect, useState } from "react";
import { toaster } from "./toaster-queue";

// The toast renderer, with its store, is fetched with the first toast: a first page load shows none.
const ToastList = lazy(async () => ({ default: (await import("./toast-list")).ToastList }));

/** The app's toasts; mounted once by AppProvider. */
export function Toaster() {
  const [wanted, setWanted] = useState(() => toaster.hasToasts());
  useEffect(() => {
    if (wanted) return undefined;
    if (toaster.hasToasts()) setWanted(true);
    return toaster.subscribe(() => setWanted(true));
  }, [wanted]);
  return wanted ? (
    <Suspense fallback={null}>
      <ToastList />
    </Suspense>
  ) : null;
}
