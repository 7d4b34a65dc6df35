import { lazy, Suspense, useEffect, useState } from "react";
import { toaster } from "./toaster-queue";

// The toast renderer is fetched with the first toast: a first page load shows none.
const ToastList = lazy(async () => ({ default: (await import("./toast-list")).ToastList }));

/** The app's toasts; mounted once by AppProvider. */
export function Toaster() {
  const [wanted, setWanted] = useState(() => toaster.getCount() > 0);
  useEffect(() => {
    if (wanted) return undefined;
    if (toaster.getCount() > 0) setWanted(true);
    return toaster.subscribe(() => setWanted(true));
  }, [wanted]);
  return wanted ? (
    <Suspense fallback={null}>
      <ToastList />
    </Suspense>
  ) : null;
}
