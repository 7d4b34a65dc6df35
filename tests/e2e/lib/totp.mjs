// Authenticator codes as an authenticator app makes them (RFC 6238 with the defaults the server
// uses: HMAC-SHA-1, 30-second steps, 6 digits) from the base32 key the bind page shows.
import { createHmac } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
export const STEP_SECONDS = 30;

/** RFC 4648 base32 (any case; spaces, dashes and padding ignored) to bytes. */
export function base32Decode(text) {
  const clean = text.toUpperCase().replace(/[\s=-]/g, "");
  let bits = 0;
  let value = 0;
  const bytes = [];
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${JSON.stringify(char)}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >>> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** The HOTP value (RFC 4226) of `key` for `counter`, as `digits` decimal digits. */
export function hotp(key, counter, digits = 6) {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", key).update(message).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const number = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(number % 10 ** digits).padStart(digits, "0");
}

/** The code of the base32 `secret` at `time` (milliseconds since the epoch, default now). */
export function totp(secret, time = Date.now()) {
  return hotp(base32Decode(secret), Math.floor(time / 1000 / STEP_SECONDS));
}

/**
 * The step whose code to type next, when the server accepts each step once and a window of
 * one step either side of now: the step after `lastUsed`, but not one that has passed (the
 * current step or later, so it stays valid while it is typed), and not further ahead than the
 * next step. `wait` is how many milliseconds to wait before that step's code is accepted.
 */
export function nextCodeStep(lastUsed, time = Date.now()) {
  const stepMs = STEP_SECONDS * 1000;
  const now = Math.floor(time / stepMs);
  const step = Math.max(lastUsed + 1, now);
  const wait = step > now + 1 ? (step - 1) * stepMs - time + 100 : 0;
  return { step, wait };
}
