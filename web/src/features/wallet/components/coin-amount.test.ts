import { describe, expect, it } from "vitest";
import { groupAmount } from "./coin-amount";

describe("coin amounts", () => {
  it("groups the whole part by thousands and keeps every decimal", () => {
    expect(groupAmount("12345.50000000")).toBe("12,345.50000000");
    expect(groupAmount("0.00000001")).toBe("0.00000001");
    expect(groupAmount("1234567")).toBe("1,234,567");
    expect(groupAmount("-1000.5")).toBe("-1,000.5");
    expect(groupAmount("999")).toBe("999");
    expect(groupAmount("not an amount")).toBe("not an amount");
  });
});
