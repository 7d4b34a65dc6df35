// Issue 25's journey through the crypto wallet, at the desktop and the phone width, each on a
// fresh server: a user with an approved basic identity opens the wallet from the header, finds
// USDT among the coins, takes the TRON deposit address (QR code, Copy), and the sandbox chain
// (`fiscard simulate chain`) pays it: the record shows pending, then its confirmations arriving,
// then credited, and the overview values it. The user then withdraws: an Ethereum address on the
// TRON network is refused by name, a good TRON address is taken, the step-up code is asked for,
// and the record follows the withdrawal from broadcasting to completed as blocks are mined. The
// overview and the records are also read in zh-HK.
import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, it } from "node:test";
import { registerUser } from "../lib/api-user.mjs";
import { newPage, SCREENSHOTS } from "../lib/browser.mjs";
import { onEachDevice } from "../lib/devices.mjs";
import { accountLink, Journey } from "../lib/journey.mjs";

const TIMEOUT = { timeout: 300_000 };

/** A TRON address of someone else's (the published USDT contract address), and an Ethereum one. */
const TRON_DESTINATION = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const ETHEREUM_ADDRESS = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const DEPOSIT_TXID = "7c3f5e0a9b1d2c4e6f8a0b2c4d6e8f0a1b3c5d7e9f1a3b5c7d9e1f3a5b7c9d1e";
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Chooses the network as a person does, on its label (the input is drawn by it), and waits until it is checked. */
async function chooseNetwork(j, scope, network) {
  const name = j.t(`wallet.network.${network}`);
  await j.press(scope.getByText(name, { exact: true }));
  await scope.getByRole("radio", { name: new RegExp(`^${escape(name)}`), checked: true }).waitFor();
}

/** The records page reloaded (deposits arrive on their own), and the first record's row or item. */
async function newestRecord(j) {
  await j.page.goto("/wallet/record");
  await j.shows(j.t("wallet.records.title"));
  const list = j.page.getByRole(j.mobile ? "list" : "table", { name: j.t("wallet.records.list"), exact: true });
  return list.getByRole(j.mobile ? "listitem" : "row").filter({ hasText: "USDT" }).first();
}

async function walletJourney(j) {
  const { page, server, t } = j;
  await server.admin("identity", "set-status", "--email", j.user.email, "--status", "approved");
  await server.admin("wallet", "price", "set", "USDT", "1.00");

  // The wallet from the header; the empty overview.
  await page.goto("/");
  await j.headerLink(t("menu.wallet"));
  await j.shows(t("wallet.overview.title"));
  await page.getByText(t("wallet.overview.empty"), { exact: true }).waitFor();
  await j.look("wallet-overview-empty");

  // USDT among the coins, then its page, then its deposit.
  await accountLink(j, "menu.wallet_coins");
  await j.shows(t("wallet.coins.title"));
  await page.getByRole("searchbox", { name: t("wallet.coins.search") }).fill("tether");
  const coins = page.getByRole("list", { name: t("wallet.coins.title"), exact: true });
  await coins.getByRole("link", { name: "USDT", exact: true }).waitFor();
  assert.equal(await coins.getByRole("listitem").count(), 1);
  await j.look("wallet-coins");
  await j.press(coins.getByRole("link", { name: "USDT", exact: true }));
  await j.shows(`USDT · ${t("wallet.coin_name.USDT")}`);
  await j.look("wallet-coin");
  await j.press(page.getByRole("main").getByRole("link", { name: t("wallet.deposit_named", { coin: "USDT" }), exact: true }));
  await j.shows(t("wallet.deposit.title"));

  // The TRON address: chosen network, QR code, Copy.
  const main = page.getByRole("main");
  await chooseNetwork(j, main, "TRX");
  const addressLabel = t("wallet.deposit.address", { coin: "USDT", network: t("wallet.network.TRX") });
  await main.getByText(addressLabel, { exact: true }).waitFor();
  const address = (await main.getByRole("code").first().textContent())?.trim() ?? "";
  assert.match(address, /^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  await main.getByRole("img", { name: t("wallet.deposit.qr"), exact: true }).waitFor();
  await j.press(main.getByRole("button", { name: t("app.copy_named", { what: t("wallet.deposit.address_short") }), exact: true }));
  await page.getByText(t("app.copied"), { exact: true }).first().waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), address);
  await j.look("wallet-deposit");

  // The chain pays the address: pending, its confirmations, then credited.
  await server.simulate("chain", "deposit", "--network", "TRX", "--coin", "USDT", "--address", address, "--txid", DEPOSIT_TXID, "--amount", "500");
  let record = await newestRecord(j);
  await record.getByText(t("deposit_status.pending"), { exact: true }).waitFor();
  await server.simulate("chain", "mine", "--network", "TRX", "--blocks", "1");
  record = await newestRecord(j);
  await record.getByText(t("deposit_status.confirming"), { exact: true }).waitFor();
  await record.getByText(/^1 of \d+ confirmations$/).waitFor();
  await j.look("wallet-records-confirming");
  await server.simulate("chain", "mine", "--network", "TRX", "--blocks", "30");
  record = await newestRecord(j);
  await record.getByText(t("deposit_status.credited"), { exact: true }).waitFor();
  await j.press(record.getByRole("link", { name: new RegExp(`^${escape(t("wallet.records.details"))}`) }));
  await j.shows(t("wallet.record.title"));
  await main.getByText(DEPOSIT_TXID, { exact: true }).waitFor();
  await j.look("wallet-record-deposit");

  // The overview values it.
  await accountLink(j, "menu.wallet_overview");
  await j.shows(t("wallet.overview.title"));
  await main.getByText("500.00 USD", { exact: true }).first().waitFor();
  await main.getByRole("region", { name: t("wallet.overview.history"), exact: true }).waitFor();
  await j.look("wallet-overview");

  // The withdrawal: an Ethereum address on TRON is named, a TRON one is taken.
  await accountLink(j, "menu.wallet_withdraw");
  await j.shows(t("wallet.withdraw.title"));
  await main.getByRole("combobox", { name: t("wallet.deposit.coin") }).selectOption("USDT");
  await chooseNetwork(j, main, "TRX");
  const form = page.getByRole("form", { name: t("wallet.withdraw.form"), exact: true });
  const addressField = form.getByRole("textbox", { name: new RegExp(`^${escape(t("wallet.withdraw.address"))}`) });
  await addressField.fill(ETHEREUM_ADDRESS);
  await form.getByText(t("error.address_wrong_network", { network: "Ethereum" }), { exact: true }).waitFor();
  await j.look("wallet-withdraw-wrong-network");
  await addressField.fill(TRON_DESTINATION);
  await form.getByText(t("wallet.withdraw.address_ok", { network: t("wallet.network.TRX") }), { exact: true }).waitFor();
  await form.getByRole("textbox", { name: new RegExp(`^${escape(t("wallet.withdraw.amount", { coin: "USDT" }))}`) }).fill("120");
  await j.look("wallet-withdraw");
  await j.press(form.getByRole("button", { name: t("wallet.withdraw.submit"), exact: true }));
  await j.verify();

  // Its record: broadcast, then completed once the network has confirmed it.
  await j.shows(t("wallet.record.title"));
  await main.getByText(TRON_DESTINATION, { exact: true }).waitFor();
  await main.getByText(/^120\.000000 USDT$/).waitFor();
  await j.look("wallet-record-withdrawal");
  await server.simulate("chain", "mine", "--network", "TRX", "--blocks", "30");
  await page.reload();
  await j.shows(t("wallet.record.title"));
  await main.getByText(t("crypto_withdrawal_status.completed"), { exact: true }).waitFor();

  // The records in Traditional Chinese.
  await j.chooseLanguage("zh-HK");
  record = await newestRecord(j);
  await record.getByText(j.t("crypto_withdrawal_status.completed"), { exact: true }).waitFor();
  await j.look("wallet-records");
  await j.chooseLanguage("en-US");
  j.assertNoPageErrors();
}

describe("wallet journeys", { concurrency: true }, () => {
  onEachDevice((device, env) => {
    it("deposits through the sandbox chain, sees it confirm, withdraws after a refused address, follows the records", TIMEOUT, async () => {
      const user = await registerUser(env.server);
      const { context, page, errors, console, trail } = await newPage(env.browser, device, env.server.baseUrl);
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: env.server.baseUrl });
      await context.addInitScript((session) => {
        if (!sessionStorage.getItem("e2e-started")) {
          sessionStorage.setItem("e2e-started", "1");
          localStorage.setItem("accessToken", session);
        }
      }, user.token);
      const j = new Journey({ page, device, server: env.server, errors, console, trail, user });
      try {
        await walletJourney(j);
      } catch (error) {
        error.message += await j.describeFailure(join(SCREENSHOTS, `FAILED-${device.name}-wallet.png`));
        throw error;
      } finally {
        await context.close();
      }
    });
  });
});
