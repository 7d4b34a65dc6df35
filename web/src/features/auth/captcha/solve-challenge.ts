// ALTCHA v1 proof of work (crates/altcha): find the number n in 0..=maxnumber whose
// SHA-256(salt + n) is the challenge, and answer the base64 JSON payload the server verifies.
import type { CaptchaChallenge } from "../api/get-captcha-challenge";

const ALGORITHM = "SHA-256";

function toHex(buffer: ArrayBuffer): string {
  let hex = "";
  for (const byte of new Uint8Array(buffer)) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

/** The number that solves `challenge`, or null when none in range does. */
export async function findNumber(challenge: CaptchaChallenge): Promise<number | null> {
  if (challenge.algorithm !== ALGORITHM) return null;
  const encoder = new TextEncoder();
  const target = challenge.challenge.toLowerCase();
  for (let number = 0; number <= challenge.maxnumber; number += 1) {
    const digest = await crypto.subtle.digest(ALGORITHM, encoder.encode(challenge.salt + number));
    if (toHex(digest) === target) return number;
  }
  return null;
}

/** The payload for a solved challenge: standard base64 of its JSON. */
export function encodeSolution(challenge: CaptchaChallenge, number: number): string {
  const json = JSON.stringify({
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number,
    salt: challenge.salt,
    signature: challenge.signature,
  });
  return btoa(json);
}

/** Solves `challenge`; null when it has no solution. */
export async function solveChallenge(challenge: CaptchaChallenge): Promise<string | null> {
  const number = await findNumber(challenge);
  return number === null ? null : encodeSolution(challenge, number);
}
