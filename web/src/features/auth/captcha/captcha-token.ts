// A captcha `token` for login, register and recover: a challenge from the server, solved in a
// Web Worker. Any failure (offline, a bad challenge) is retried until it works or the caller
// gives up (SPEC §8: "captcha retries indefinitely on failure").
import { getCaptchaChallenge, type CaptchaChallenge } from "../api/get-captcha-challenge";
import { solveChallenge } from "./solve-challenge";

/** Pause between failed attempts. */
export const CAPTCHA_RETRY_MS = 1000;

/**
 * Solves `challenge` in a Worker where there is one (browsers), else on this thread (tests in
 * Node): for the harder challenge a login is sent back with (statusCode 428) as for any.
 */
export function solveCaptchaChallenge(challenge: CaptchaChallenge, signal?: AbortSignal): Promise<string | null> {
  if (typeof Worker === "undefined") return solveChallenge(challenge);
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./captcha-worker.ts", import.meta.url), { type: "module" });
    const stop = () => {
      worker.terminate();
      reject(new DOMException("aborted", "AbortError"));
    };
    signal?.addEventListener("abort", stop, { once: true });
    worker.onmessage = (event: MessageEvent<string | null>) => {
      signal?.removeEventListener("abort", stop);
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = () => {
      signal?.removeEventListener("abort", stop);
      worker.terminate();
      reject(new Error("captcha worker failed"));
    };
    worker.postMessage(challenge);
  });
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(new DOMException("aborted", "AbortError"));
      },
      { once: true },
    );
  });
}

/** A fresh captcha token; retries until it has one. Rejects only when `signal` aborts. */
export async function getCaptchaToken(signal?: AbortSignal): Promise<string> {
  for (;;) {
    signal?.throwIfAborted();
    try {
      const token = await solveCaptchaChallenge(await getCaptchaChallenge(signal), signal);
      if (token !== null) return token;
    } catch (error) {
      if (signal?.aborted) throw error;
    }
    await pause(CAPTCHA_RETRY_MS, signal);
  }
}
