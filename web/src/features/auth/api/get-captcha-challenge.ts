// `GET /api/captcha/challenge`: an ALTCHA proof-of-work challenge. Answered bare (not in the
// API envelope) so any ALTCHA client can use it, hence fetched here rather than through the
// API client.
import type { Schema } from "@/lib/api-schema";
import { API_BASE } from "@/lib/api-request";

export const CAPTCHA_CHALLENGE_URL = `${API_BASE}/captcha/challenge`;

export type CaptchaChallenge = Schema<"AltchaChallenge">;

/** Whether `value` is a challenge (the bare answer here, or a 428's content). */
export function isCaptchaChallenge(value: unknown): value is CaptchaChallenge {
  if (typeof value !== "object" || value === null) return false;
  const c = value as Record<string, unknown>;
  return (
    typeof c["algorithm"] === "string" &&
    typeof c["challenge"] === "string" &&
    typeof c["salt"] === "string" &&
    typeof c["signature"] === "string" &&
    typeof c["maxnumber"] === "number"
  );
}

/** A new challenge; rejects when the server cannot be reached or answers something else. */
export async function getCaptchaChallenge(signal?: AbortSignal): Promise<CaptchaChallenge> {
  const response = await fetch(CAPTCHA_CHALLENGE_URL, {
    headers: { Accept: "application/json" },
    cache: "no-store",
    signal,
  });
  const answer: unknown = await response.json();
  if (!response.ok || !isCaptchaChallenge(answer)) throw new Error("not a captcha challenge");
  return answer;
}
