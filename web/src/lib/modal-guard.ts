// SPEC §2: "a route change is cancelled if a modal close handler is pending; the modal closes
// instead". Every open modal registers its close handler here; the app shell blocks a
// navigation while one is registered and calls the newest instead.
import { useEffect, useRef } from "react";

const closers: (() => void)[] = [];

export function hasOpenModal(): boolean {
  return closers.length > 0;
}

/** Closes the newest open modal; false when none is open. */
export function closeNewestModal(): boolean {
  const close = closers.at(-1);
  if (!close) return false;
  close();
  return true;
}

/** Registers `close` while `open` is true. */
export function useModalGuard(open: boolean, close: () => void): void {
  const latest = useRef(close);
  latest.current = close;
  useEffect(() => {
    if (!open) return undefined;
    const closer = () => latest.current();
    closers.push(closer);
    return () => {
      const index = closers.lastIndexOf(closer);
      if (index >= 0) closers.splice(index, 1);
    };
  }, [open]);
}
