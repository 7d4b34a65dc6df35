import { describe, expect, it } from "vitest";
import { amountText, groupAmount } from "./coin-amount";

describe("coin amounts", () => {
  it("writes minor units as exact decimal text at the coin's scale", () => {
    expect(amountText(12_345, 4)).toBe("1.2345");
    expect(amountText(5, 8)).toBe("0.00000005");
    expect(amountText(150_000_000, 8)).toBe("1.50000000");
    expect(amountText(0, 6)).toBe("0.000000");
    expect(amountText(-5, 2)).toBe("-0.05");
    expect(amountText(7, 0)).toBe("7");
  });

  it("groups the whole part by thousands and keeps every decimal", () => {
    expect(groupAmount("12345.50000000")).toBe("12,345.50000000");
    expect(groupAmount("0.00000001")).toBe("0.00000001");
    expect(groupAmount("1234567")).toBe("1,234,567");
    expect(groupAmount("-1000.5")).toBe("-1,000.5");
    expect(groupAmount("999")).toBe("999");
    expect(groupAmount("not an amount")).toBe("not an amount");
  });
});
