// @vitest-environment jsdom
import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RESIZE_DEBOUNCE_MS, breakpointOf, useViewport } from "./viewport";

function resizeTo(width: number) {
  Object.defineProperty(window, "innerWidth", { configurable: true, value: width });
  window.dispatchEvent(new Event("resize"));
}

afterEach(() => {
  vi.useRealTimers();
  resizeTo(1024);
});

describe("breakpointOf", () => {
  it("names the breakpoints of SPEC §2 at their edges", () => {
    const at = [0, 575, 576, 767, 768, 991, 992, 1199, 1200, 1599, 1600, 2400].map(breakpointOf);
    expect(at).toEqual(["xs", "xs", "sm", "sm", "md", "md", "lg", "lg", "xl", "xl", "xxl", "xxl"]);
  });
});

describe("useViewport", () => {
  it("counts under 768 px as mobile, and reads a resize only once it has stopped for 500 ms", () => {
    vi.useFakeTimers();
    resizeTo(1280);
    const { result } = renderHook(() => useViewport());
    expect(result.current).toEqual({ width: 1280, breakpoint: "xl", isMobile: false });

    act(() => {
      resizeTo(900);
      vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS - 100);
      resizeTo(390);
      vi.advanceTimersByTime(RESIZE_DEBOUNCE_MS - 1);
    });
    expect(result.current.width).toBe(1280);

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toEqual({ width: 390, breakpoint: "xs", isMobile: true });
  });
});
