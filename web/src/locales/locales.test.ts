import domainEnUS from "@domain-locales/en-US.json";
import domainZhHK from "@domain-locales/zh-HK.json";
import { describe, expect, it } from "vitest";
import webEnUS from "./en-US.json";
import webZhHK from "./zh-HK.json";
import fundEnUS from "./fund/en-US.json";
import fundZhHK from "./fund/zh-HK.json";
import opsEnUS from "./ops/en-US.json";
import opsZhHK from "./ops/zh-HK.json";

type Catalogue = Record<string, string>;

const placeholders = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

const sets: [name: string, enUS: Catalogue, zhHK: Catalogue][] = [
  ["web UI strings (src/locales)", webEnUS, webZhHK],
  ["the fund's texts (src/locales/fund)", fundEnUS, fundZhHK],
  ["the operator console's texts (src/locales/ops)", opsEnUS, opsZhHK],
  ["domain catalogue (crates/domain/locales)", domainEnUS, domainZhHK],
];

describe.each(sets)("%s", (_name, enUS, zhHK) => {
  it("has no key in one language that is missing in the other", () => {
    const onlyInEnUS = Object.keys(enUS).filter((key) => !(key in zhHK));
    const onlyInZhHK = Object.keys(zhHK).filter((key) => !(key in enUS));
    expect({ onlyInEnUS, onlyInZhHK }).toEqual({ onlyInEnUS: [], onlyInZhHK: [] });
  });

  it("uses the same placeholders in both languages", () => {
    const differing = Object.keys(enUS).filter(
      (key) =>
        key in zhHK &&
        placeholders(enUS[key] ?? "").join() !== placeholders(zhHK[key] ?? "").join(),
    );
    expect(differing).toEqual([]);
  });

  it("has no empty text", () => {
    const empty = [...Object.entries(enUS), ...Object.entries(zhHK)]
      .filter(([, text]) => text.trim() === "")
      .map(([key]) => key);
    expect(empty).toEqual([]);
  });
});

it("never lets a web UI string replace a domain catalogue text", () => {
  const shadowed = [...Object.keys(webEnUS), ...Object.keys(fundEnUS), ...Object.keys(opsEnUS)].filter((key) => key in domainEnUS);
  expect(shadowed).toEqual([]);
});

it("never lets a part's text replace one of the main catalogue", () => {
  expect(Object.keys(fundEnUS).filter((key) => key in webEnUS)).toEqual([]);
  expect(Object.keys(opsEnUS).filter((key) => key in webEnUS || key in fundEnUS)).toEqual([]);
});
