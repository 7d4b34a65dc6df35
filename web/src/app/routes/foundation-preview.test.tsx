// @vitest-environment jsdom
import domainEnUS from "@domain-locales/en-US.json";
import domainZhHK from "@domain-locales/zh-HK.json";
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { loadDomain } from "@/lib/domain";
import { setLocale } from "@/lib/locale";
import webEnUS from "@/locales/en-US.json";
import webZhHK from "@/locales/zh-HK.json";
import { renderApp } from "@/testing/render-app";

const en: Record<string, string> = { ...domainEnUS, ...webEnUS };
const zh: Record<string, string> = { ...domainZhHK, ...webZhHK };

afterEach(async () => {
  await setLocale("en-US");
  localStorage.clear();
});

async function findForm(title: string | undefined) {
  return within(await screen.findByRole("form", { name: title }, { timeout: 5000 }));
}

describe("the foundation preview page", () => {
  it("shows the catalogue's message for a too-long device name, in the chosen language", async () => {
    const { user } = renderApp("/");
    const form = await findForm(en["preview.bind_authenticator.title"]);
    const remark = form.getByRole("textbox", { name: en["preview.bind_authenticator.remark"] });

    await user.type(remark, "a".repeat(17));
    await user.tab();

    const tooLong = en["error.device_name_too_long"]?.replace("{max}", "16") ?? "";
    expect(await form.findByText(tooLong)).toBeVisible();
    expect(remark).toHaveAttribute("aria-invalid", "true");
    expect(remark).toHaveAccessibleErrorMessage(tooLong);

    await user.selectOptions(screen.getByRole("combobox", { name: en["header.language"] }), "繁體中文");

    const zhForm = await findForm(zh["preview.bind_authenticator.title"]);
    const zhRemark = zhForm.getByRole("textbox", { name: zh["preview.bind_authenticator.remark"] });
    const zhTooLong = zh["error.device_name_too_long"]?.replace("{max}", "16") ?? "";
    expect(await zhForm.findByText(zhTooLong)).toBeVisible();
    expect(zhRemark).toHaveAccessibleErrorMessage(zhTooLong);
    expect(screen.getByRole("combobox", { name: zh["header.language"] })).toHaveValue("zh-HK");
    expect(localStorage.getItem("locale")).toBe("zh-HK");
    expect(document.documentElement.lang).toBe("zh-HK");
  });

  it("says the input is valid when the bind-authenticator form passes", async () => {
    const { user } = renderApp("/");
    const form = await findForm(en["preview.bind_authenticator.title"]);

    await user.type(form.getByRole("textbox", { name: en["preview.bind_authenticator.mfa_code"] }), "123456");
    await user.type(form.getByRole("textbox", { name: en["preview.bind_authenticator.remark"] }), "My phone");
    await user.click(form.getByRole("button", { name: en["preview.check"] }));

    expect(await screen.findByText(en["preview.valid"] ?? "")).toBeVisible();
  });

  it("previews the fee and the amount credited, and refuses more than the available balance", async () => {
    const { user } = renderApp("/");
    const form = await findForm(en["preview.recharge.title"]);
    const amount = form.getByRole("textbox", { name: en["preview.recharge.amount"] });

    await user.type(amount, "100");

    const domain = await loadDomain();
    const quote = domain.rechargeQuote("100", "0.01");
    expect(quote?.feeMinor).toBe(100);
    expect(form.getByText("1.00 USD")).toBeVisible();
    expect(form.getByText(`${domain.formatAmount(quote?.creditedMinor ?? 0, 2)} USD`)).toBeVisible();

    await user.clear(amount);
    await user.type(amount, "5000");
    await user.tab();

    const insufficient = en["error.insufficient_balance"] ?? "";
    expect(await form.findByText(insufficient)).toBeVisible();
    expect(amount).toHaveAccessibleErrorMessage(insufficient);
  });
});
