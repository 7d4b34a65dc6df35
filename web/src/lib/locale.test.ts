import domainZhHK from "@domain-locales/zh-HK.json";
import { afterEach, describe, expect, it } from "vitest";
import webEnUS from "@/locales/en-US.json";
import webZhHK from "@/locales/zh-HK.json";
import { loadDomain } from "./domain";
import { DEFAULT_LOCALE, LOCALES, formatDateTime, formatMessage, loadTexts, perLocale, setLocale, textPart, translate } from "./locale";

afterEach(async () => {
  await setLocale("en-US");
});

describe("perLocale", () => {
  it("makes one value per language, on first use, and hands the same one back", () => {
    const made: string[] = [];
    const formatter = perLocale((locale) => {
      made.push(locale);
      return { locale };
    });
    expect(made).toEqual([]);
    const first = formatter("en-US");
    expect(formatter("en-US")).toBe(first);
    expect(formatter("zh-HK")).not.toBe(first);
    expect(made).toEqual(["en-US", "zh-HK"]);
  });
});

describe("formatDateTime", () => {
  it("writes a time in each language's way, with the same formatter each time", () => {
    const ms = Date.UTC(2026, 10, 21, 9, 20);
    expect(formatDateTime(ms, "en-US")).toBe(formatDateTime(ms, "en-US"));
    expect(formatDateTime(ms, "en-US")).toMatch(/2026/);
    expect(formatDateTime(ms, "zh-HK")).toMatch(/2026年/);
  });
});

describe("formatMessage", () => {
  it("fills every placeholder with its parameter", () => {
    expect(formatMessage("less than {max} characters, {max} at most", { max: 16 })).toBe(
      "less than 16 characters, 16 at most",
    );
  });

  it("leaves a placeholder without a parameter visible", () => {
    expect(formatMessage("{amount} of {total}", { amount: "1" })).toBe("1 of {total}");
  });
});

describe("translate", () => {
  it("answers in en-US by default", () => {
    expect(translate("app.not_found.title")).toBe(webEnUS["app.not_found.title"]);
  });

  it("switches to zh-HK, loading its web strings and domain catalogue on demand", async () => {
    await expect(setLocale("zh-HK")).resolves.toBe(true);
    expect(translate("app.not_found.title")).toBe(webZhHK["app.not_found.title"]);
    expect(translate("error.required_input")).toBe(domainZhHK["error.required_input"]);
  });

  it("shows the key itself for a key no catalogue has", () => {
    expect(translate("error.no_such_code")).toBe("error.no_such_code");
  });
});

describe("a part's texts", () => {
  const key = "fund.title";
  const loads: string[] = [];
  const part = textPart({
    "en-US": () => {
      loads.push("en-US");
      return Promise.resolve({ default: { [key]: "Fund (part)" } });
    },
    "zh-HK": () => {
      loads.push("zh-HK");
      return Promise.resolve({ default: { [key]: "基金（部分）" } });
    },
  });

  it("are not there until loaded, then in the language shown and in every language chosen later, each loaded once", async () => {
    expect(translate(key)).toBe(key);
    await setLocale("zh-HK");
    await loadTexts(part);
    expect(translate(key)).toBe("基金（部分）");
    await setLocale("en-US");
    expect(translate(key)).toBe("Fund (part)");
    await setLocale("zh-HK");
    await loadTexts(part);
    expect(translate(key)).toBe("基金（部分）");
    expect(loads.sort()).toEqual(["en-US", "zh-HK"]);
  });
});

it("offers exactly the languages the domain defines, with the same default", async () => {
  const { locales, defaultLocale } = (await loadDomain()).constants();
  expect(LOCALES.map(({ code }) => code)).toEqual(locales);
  expect(DEFAULT_LOCALE).toBe(defaultLocale);
});
