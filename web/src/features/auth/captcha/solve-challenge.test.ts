import { afterEach, describe, expect, it, vi } from "vitest";
import { CAPTCHA_RETRY_MS, getCaptchaToken } from "./captcha-token";
import { encodeSolution, findNumber, solveChallenge } from "./solve-challenge";

// Challenges as crates/altcha makes them: SHA-256 of salt + the secret number, in hex
// (computed here with the known digests of this salt).
const salt = "00112233445566778899aabb?expires=4102444800&";
const hashes = new Map<number, string>();
for (const n of [3, 5, 12, 537]) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(salt + String(n)));
  hashes.set(n, [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join(""));
}

function challengeFor(number: number, maxnumber = 1000) {
  const challenge = hashes.get(number) ?? "";
  return { algorithm: "SHA-256", challenge, salt, signature: "ab".repeat(32), maxnumber };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the ALTCHA proof of work", () => {
  it("finds the number whose SHA-256 with the salt is the challenge", async () => {
    await expect(findNumber(challengeFor(537))).resolves.toBe(537);
  });

  it("gives up when no number up to maxnumber works, or for another algorithm", async () => {
    await expect(findNumber(challengeFor(537, 100))).resolves.toBeNull();
    await expect(findNumber({ ...challengeFor(5), algorithm: "SHA-1" })).resolves.toBeNull();
  });

  it("answers the base64 JSON payload the server verifies", async () => {
    const challenge = challengeFor(12);
    const token = await solveChallenge(challenge);
    expect(token).toBe(encodeSolution(challenge, 12));
    expect(JSON.parse(atob(token ?? ""))).toEqual({
      algorithm: "SHA-256",
      challenge: challenge.challenge,
      number: 12,
      salt: challenge.salt,
      signature: challenge.signature,
    });
  });
});

describe("getCaptchaToken", () => {
  it("fetches a challenge and retries after a failure until one is solved", async () => {
    vi.useFakeTimers();
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError("offline"))
      .mockResolvedValueOnce(Response.json(challengeFor(3)));
    vi.stubGlobal("fetch", fetchMock);

    const token = getCaptchaToken();
    await vi.advanceTimersByTimeAsync(CAPTCHA_RETRY_MS);

    await expect(token).resolves.toBe(encodeSolution(challengeFor(3), 3));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/captcha/challenge");
  });

  it("stops when its signal aborts", async () => {
    vi.stubGlobal("fetch", vi.fn<typeof fetch>().mockRejectedValue(new TypeError("offline")));
    const controller = new AbortController();
    const token = getCaptchaToken(controller.signal);
    controller.abort();
    await expect(token).rejects.toThrow();
  });
});
