// A ready user through the HTTP API, as the web app makes one: solve the ALTCHA proof of work,
// ask for the e-mail code, read it from the server's outbox, and register (which logs in).
//
//   const user = await registerUser(server);
//   await page.addInitScript((token) => localStorage.setItem("accessToken", token), user.token);
import { createHash, randomUUID } from "node:crypto";

/** Calls `POST /api/<path>` (or GET without a body); resolves to the envelope's content. */
export async function callApi(server, path, { body, token, lang = "en-US" } = {}) {
  const headers = { Accept: "application/json", "User-Lang": lang };
  if (token) headers["Access-Token"] = token;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(`${server.baseUrl}/api/${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = await response.json();
  if (envelope.statusCode !== 200) {
    throw new Error(`${path}: ${envelope.statusCode} ${envelope.message}`);
  }
  return envelope.content;
}

/**
 * An ALTCHA v1 solution for a fresh challenge (crates/altcha): the number n ≤ maxnumber whose
 * SHA-256(salt + n) in hex is the challenge, answered as base64 JSON.
 */
export async function captchaToken(server) {
  const response = await fetch(`${server.baseUrl}/api/captcha/challenge`);
  const challenge = await response.json();
  if (challenge.algorithm !== "SHA-256") throw new Error(`unexpected captcha ${challenge.algorithm}`);
  for (let number = 0; number <= challenge.maxnumber; number += 1) {
    const hash = createHash("sha256").update(challenge.salt + number).digest("hex");
    if (hash === challenge.challenge) {
      const { algorithm, salt, signature } = challenge;
      const solution = { algorithm, challenge: challenge.challenge, number, salt, signature };
      return Buffer.from(JSON.stringify(solution)).toString("base64");
    }
  }
  throw new Error("the captcha challenge has no solution");
}

/** A new address on the reserved example domain. */
export function newEmail(prefix = "e2e") {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** A password that meets the rule (8–128 characters, a letter and a digit). */
export function newPassword() {
  return `Pw-${randomUUID().slice(0, 12)}-7`;
}

/**
 * Registers `email` (default: a new address) with `password` (default: a new one) on `server`
 * (from startServer) and resolves to `{ email, password, token }`, `token` being the new
 * session (the web app keeps it in localStorage under "accessToken").
 */
export async function registerUser(server, { email = newEmail(), password = newPassword() } = {}) {
  await callApi(server, "user/register", { body: { email, token: await captchaToken(server) } });
  const emailCaptcha = await server.readOutboxCode(email);
  const answer = await callApi(server, "user/register", {
    body: { email, emailCaptcha, password, confirm: password },
  });
  if (!answer?.token) throw new Error("user/register answered no session token");
  return { email, password, token: answer.token };
}
