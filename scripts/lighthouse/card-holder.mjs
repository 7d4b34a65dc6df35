// The logged-in visitor of the Lighthouse runs: a user registered through the API, with what the
// card pages need to show real content — basic identity approved (operator command), a bound
// mobile (the user's own form, with its e-mail code), a wire credited, two cards, one recharged
// and used for a purchase on the card network.
//
// The server allows one step-up e-mail code a minute per user, and the mobile binding and the
// recharge each take one: `openCardHolder` does everything up to the cards, `fundCard` the
// recharge and the purchase, so the caller can fill the wait with other work.
import { randomUUID } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import { callApi, registerUser } from "../../tests/e2e/lib/api-user.mjs";

const TOO_MANY_ATTEMPTS = 429;

/** `POST /api/<path>` as the web app sends it (session, idempotency key); resolves to the envelope. */
async function send(server, path, token, body, { idempotent = false } = {}) {
  const headers = {
    Accept: "application/json",
    "Content-Type": "application/json",
    "User-Lang": "en-US",
    "Access-Token": token,
  };
  if (idempotent) headers["Idempotency-Key"] = randomUUID();
  const response = await fetch(`${server.baseUrl}/api/${path}`, {
    method: "POST",
    headers,
    body: JSON.stringify(body),
  });
  return response.json();
}

/** A call that must succeed; resolves to its content. */
async function post(server, path, token, body, options) {
  const envelope = await send(server, path, token, body, options);
  if (envelope.statusCode !== 200) {
    throw new Error(`${path}: ${envelope.statusCode} ${envelope.message}`);
  }
  return envelope.content;
}

/** A fresh e-mail code for a step-up check, once the server's resend wait (if any) is over. */
async function verificationCode(server, holder) {
  for (;;) {
    const envelope = await send(server, "user/captcha", holder.token, { purpose: "verify" });
    if (envelope.statusCode === 200) return server.readOutboxCode(holder.email);
    const seconds = envelope.content?.retryAfter;
    if (envelope.statusCode !== TOO_MANY_ATTEMPTS || typeof seconds !== "number") {
      throw new Error(`user/captcha: ${envelope.statusCode} ${envelope.message}`);
    }
    await delay(seconds * 1000);
  }
}

/**
 * Registers a user on `server` (from startServer) with approved identity, a bound mobile, a USD
 * balance and two cards; resolves to `{ email, token, cardKey }` (the card to fund).
 */
export async function openCardHolder(server) {
  const { email, token } = await registerUser(server);
  const holder = { email, token };
  const self = await callApi(server, "user/self", { token });

  await server.admin("identity", "set-status", "--email", email, "--status", "approved");
  await post(server, "user/mobile/bind", token, {
    mobileCountry: "HK",
    mobileCode: "852",
    mobile: "51234567",
    emailCaptcha: await verificationCode(server, holder),
  });
  // The wire carries the user's memo, as the wire instructions give it.
  const { memo } = await callApi(server, "account/deposit/wire", { token });
  await server.admin("credit-wire", "--memo", memo, "--amount", "500.00", "--reference", `lighthouse-${self.uuid}`);

  const visa = await post(server, "fiscard/apply", token, { bin: "485932" }, { idempotent: true });
  await post(server, "fiscard/apply", token, { bin: "522981" }, { idempotent: true });
  return { ...holder, cardKey: visa.cardKey };
}

/** Recharges the holder's first card (with its e-mail code) and buys something with it. */
export async function fundCard(server, holder) {
  await post(
    server,
    "fiscard/recharge",
    holder.token,
    { cardKey: holder.cardKey, amount: "200.00", emailCaptcha: await verificationCode(server, holder) },
    { idempotent: true },
  );
  await server.simulate(
    "purchase",
    "--card",
    holder.cardKey,
    "--amount",
    "42.50",
    "--currency",
    "USD",
    "--merchant",
    "Book shop, Hong Kong HK",
  );
}
