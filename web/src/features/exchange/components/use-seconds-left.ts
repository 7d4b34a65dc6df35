import { useEffect, useState } from "react";

/** Whole seconds from now until `deadline` (ms since the epoch), at least 0. */
export const secondsUntil = (deadline: number) => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));

/**
 * The whole seconds left until `deadline`, read from the clock four times a second (a browser
 * slows the timers of a background tab: the time left is the clock's, whatever the ticks did).
 */
export function useSecondsLeft(deadline: number): number {
  const [left, setLeft] = useState(() => secondsUntil(deadline));
  useEffect(() => {
    const tick = () => setLeft(secondsUntil(deadline));
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [deadline]);
  return left;
}
