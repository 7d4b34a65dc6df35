import { useCallback, useEffect, useRef } from "react";
import { getCaptchaToken } from "./captcha-token";

/**
 * Keeps one captcha token solving in the background while the dialog is open, so a submit
 * rarely waits for the proof of work. `take()` hands it out (each is single-use) and starts
 * the next one.
 */
export function useCaptcha(): { take: () => Promise<string> } {
  const controller = useRef<AbortController | null>(null);
  const next = useRef<Promise<string> | null>(null);

  const start = useCallback(() => {
    controller.current ??= new AbortController();
    const solving = getCaptchaToken(controller.current.signal);
    solving.catch(() => undefined);
    next.current = solving;
    return solving;
  }, []);

  useEffect(() => {
    void start();
    return () => {
      controller.current?.abort();
      controller.current = null;
      next.current = null;
    };
  }, [start]);

  const take = useCallback(() => {
    const token = next.current ?? start();
    void start();
    return token;
  }, [start]);

  return { take };
}
