// @vitest-environment jsdom
import domainEnUS from "@domain-locales/en-US.json";
import serverEnUS from "@server-locales/en-US.json";
import webEnUS from "@/locales/en-US.json";
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { callsTo } from "@/testing/mock-api";
import { renderApp } from "@/testing/render-app";
import { setWidth } from "@/testing/viewport";
import type { WalletRecord } from "../api/wallet-records";
import { page, walletApi, walletRecord } from "../testing/wallet-api";

const en: Record<string, string> = { ...domainEnUS, ...serverEnUS, ...webEnUS };
const text = (key: string, params: Record<string, string | number> = {}) =>
  (en[key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));
const WAIT = { timeout: 10_000 };

beforeEach(() => setWidth(1024));

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const confirming = walletRecord();
const dropped = walletRecord({
  id: "r2",
  coinCode: "BTC",
  network: "BTC",
  amount: "0.00001000",
  fee: "0.00000000",
  address: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
  confirmations: 0,
  requiredConfirmations: 2,
  status: "DROPPED",
  statusLabelKey: "deposit_status.dropped",
  reason: "dust",
});
const reviewing = walletRecord({
  id: "r3",
  type: "WITHDRAW",
  network: "ETH",
  amount: "2000.000000",
  fee: "1.500000",
  address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
  txid: null,
  confirmations: 0,
  requiredConfirmations: 12,
  status: "REVIEWING",
  statusLabelKey: "crypto_withdrawal_status.reviewing",
  cancellable: true,
});

/** The BTC given in a swap: no network, no address, the swap it belongs to. */
const swappedOut = walletRecord({
  id: "r4",
  type: "SWAP_OUT",
  coinCode: "BTC",
  network: null,
  amount: "0.00152923",
  fee: "0.00000153",
  address: null,
  txid: null,
  confirmations: 0,
  requiredConfirmations: 0,
  status: "COMPLETED",
  statusLabelKey: "crypto_withdrawal_status.completed",
  swapId: "s1",
});

describe("the wallet records", { timeout: 30_000 }, () => {
  it("list each state, filter by coin and type in the address, and load the next page", async () => {
    const { requests } = walletApi({
      "GET wallet/record": ({ query }) => {
        if (query.get("coinCode") === "BTC") return { content: page([dropped]) };
        if (query.get("type") === "WITHDRAW") return { content: page([reviewing]) };
        return { content: query.get("pageID") === "2" ? page([dropped], 2) : page([reviewing, confirming], 2) };
      },
    });
    const { user, router } = renderApp("/wallet/record");
    const table = within(await screen.findByRole("table", { name: text("wallet.records.list") }, WAIT));
    const deposit = within(table.getByRole("row", { name: /250\.000000 USDT/ }));
    expect(deposit.getByText(text("deposit_status.confirming"))).toBeVisible();
    expect(deposit.getByText(text("wallet.records.confirmations", { count: 7, required: 19 }))).toBeVisible();
    expect(deposit.getByText("+250.000000 USDT")).toBeVisible();
    const withdrawal = within(table.getByRole("row", { name: /2,000\.000000 USDT/ }));
    expect(withdrawal.getByText(text("crypto_withdrawal_status.reviewing"))).toBeVisible();
    expect(withdrawal.getByText("−2,000.000000 USDT")).toBeVisible();
    expect(withdrawal.getByText(text("wallet_record_type.withdraw"))).toBeVisible();

    await user.click(screen.getByRole("button", { name: text("app.load_more") }));
    expect(await table.findByText(text("deposit_status.dropped"))).toBeVisible();

    await user.selectOptions(screen.getByRole("combobox", { name: text("wallet.records.type") }), "WITHDRAW");
    await waitFor(() => expect(router.state.location.search).toBe("?type=WITHDRAW"));
    await waitFor(() => expect(table.queryByText(text("deposit_status.confirming"))).toBeNull());
    expect(callsTo(requests, "GET wallet/record").at(-1)?.query.get("type")).toBe("WITHDRAW");

    await user.selectOptions(screen.getByRole("combobox", { name: text("wallet.records.type") }), "");
    await user.selectOptions(screen.getByRole("combobox", { name: text("wallet.records.coin") }), "BTC");
    await waitFor(() => expect(router.state.location.search).toBe("?coinCode=BTC"));
    await waitFor(() => expect(table.getAllByRole("row")).toHaveLength(2));
  });

  it("open a record's details: its confirmations, address and transaction with Copy, a dropped one's reason", async () => {
    walletApi({
      "GET wallet/record": () => ({ content: page([confirming, dropped]) }),
      "GET wallet/record/r1": () => ({ content: confirming }),
      "GET wallet/record/r2": () => ({ content: dropped }),
    });
    setWidth(390);
    const { user } = renderApp("/wallet/record");
    const list = within(await screen.findByRole("list", { name: text("wallet.records.list") }, WAIT));
    const links = list.getAllByRole("link", { name: /^Details/ });
    // The record's page suspends while its code loads: the click's act scope is awaited.
    await act(async () => {
      await user.click(links[0] as HTMLElement);
    });
    const main = within(await screen.findByRole("main"));
    expect(await main.findByRole("heading", { level: 1, name: text("wallet.record.title") }, WAIT)).toBeVisible();
    // Under the state, and as the record's confirmations.
    expect(await main.findAllByText(text("wallet.records.confirmations", { count: 7, required: 19 }), {}, WAIT)).toHaveLength(2);
    expect(main.getByText(confirming.txid ?? "")).toBeVisible();
    await user.click(main.getByRole("button", { name: text("app.copy_named", { what: text("wallet.record.txid_short") }) }));
    expect(await navigator.clipboard.readText()).toBe(confirming.txid);
    expect(main.queryByRole("button", { name: text("wallet.record.cancel") })).toBeNull();

    await user.click(main.getByRole("link", { name: text("wallet.record.back") }));
    const again = within(await screen.findByRole("list", { name: text("wallet.records.list") }, WAIT));
    await act(async () => {
      await user.click(again.getAllByRole("link", { name: /^Details/ })[1] as HTMLElement);
    });
    expect(await screen.findByText(text("wallet_reason.dust"), {}, WAIT)).toBeVisible();
  });

  it("cancel a withdrawal under review after asking; the amount and fee come back", async () => {
    let current: WalletRecord = reviewing;
    const { requests } = walletApi({
      "GET wallet/record/r3": () => ({ content: current }),
      "POST wallet/withdraw/cancel/r3": () => {
        current = { ...reviewing, status: "CANCELLED", statusLabelKey: "crypto_withdrawal_status.cancelled", cancellable: false, reason: "user_request" };
        return { content: current, message: text("api.wallet_withdrawal_cancelled"), messageKey: "api.wallet_withdrawal_cancelled" };
      },
    });
    const { user } = renderApp("/wallet/record/r3");
    const main = within(await screen.findByRole("main"));
    await user.click(await main.findByRole("button", { name: text("wallet.record.cancel") }, WAIT));
    const confirm = within(await screen.findByRole("alertdialog", {}, WAIT));
    expect(
      confirm.getByText(text("wallet.record.cancel_confirm", { amount: "2,000.000000 USDT", address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed" })),
    ).toBeVisible();
    await user.click(confirm.getByRole("button", { name: text("confirm.ok") }));
    await waitFor(() => expect(callsTo(requests, "POST wallet/withdraw/cancel/r3")).toHaveLength(1));
    expect(await main.findByText(text("crypto_withdrawal_status.cancelled"), {}, WAIT)).toBeVisible();
    expect(main.queryByRole("button", { name: text("wallet.record.cancel") })).toBeNull();
    expect((await screen.findAllByText(text("api.wallet_withdrawal_cancelled")))[0]).toBeVisible();
  });

  it("say so for a record that is not the user's", async () => {
    walletApi({ "GET wallet/record/zz": () => ({ statusCode: 404, message: "Record not found", messageKey: "api.wallet_record_not_found" }) });
    renderApp("/wallet/record/zz");
    expect(await screen.findByText(text("wallet.record.not_found"), {}, WAIT)).toBeVisible();
  });

  it("show a swap's leg as taken out, without a network, linking to its swap", async () => {
    walletApi({
      "GET wallet/record": () => ({ content: page([swappedOut]) }),
      "GET wallet/record/r4": () => ({ content: swappedOut }),
    });
    const { user } = renderApp("/wallet/record");
    const table = within(await screen.findByRole("table", { name: text("wallet.records.list") }, WAIT));
    const row = within(table.getByRole("row", { name: /0\.00152923 BTC/ }));
    expect(row.getByText("−0.00152923 BTC")).toBeVisible();
    expect(row.getByText(text("wallet_record_type.swap_out"))).toBeVisible();
    await act(async () => {
      await user.click(row.getByRole("link", { name: /^Details/ }));
    });
    const main = within(await screen.findByRole("main"));
    expect(await main.findByRole("link", { name: text("wallet.record.swap_open") }, WAIT)).toHaveAttribute("href", "/exchange/swaps/s1");
    expect(main.getByText("0.00000153 BTC")).toBeVisible();
    expect(main.queryByText(text("wallet.record.address"))).toBeNull();
    expect(main.queryByText(text("wallet.record.network"))).toBeNull();
  });
});
