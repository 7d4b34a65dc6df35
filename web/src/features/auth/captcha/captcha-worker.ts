// The captcha's proof of work, off the main thread: receives a challenge, answers the payload
// (or null when the challenge has no solution).
import type { CaptchaChallenge } from "../api/get-captcha-challenge";
import { solveChallenge } from "./solve-challenge";

self.onmessage = async (event: MessageEvent<CaptchaChallenge>) => {
  self.postMessage(await solveChallenge(event.data));
};
