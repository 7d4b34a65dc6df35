import { describe, expect, it } from "vitest";
import { flagOf, searchCountries, type Country } from "./countries";

const countries: Country[] = [
  { code: "HK", code2: "HKG", name: "Hong Kong", simplifiedCN: "香港", traditionalCN: "香港", mobileCode: "852" },
  { code: "US", code2: "USA", name: "United States", simplifiedCN: "美国", traditionalCN: "美國", mobileCode: "1" },
  { code: "GB", code2: "GBR", name: "United Kingdom", simplifiedCN: "英国", traditionalCN: "英國", mobileCode: "44" },
];

describe("searchCountries", () => {
  it("matches names in either language, the ISO code, and the start of the dial code", () => {
    const codes = (query: string) => searchCountries(countries, query).map((c) => c.code);
    expect(codes("united")).toEqual(["US", "GB"]);
    expect(codes("美國")).toEqual(["US"]);
    expect(codes("hk")).toEqual(["HK"]);
    expect(codes("+85")).toEqual(["HK"]);
    expect(codes("  ")).toEqual(["HK", "US", "GB"]);
    expect(codes("atlantis")).toEqual([]);
  });

  it("draws a country's flag from its code", () => {
    expect(flagOf("hk")).toBe("🇭🇰");
  });
});
