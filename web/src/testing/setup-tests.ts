import "@testing-library/jest-dom/vitest";
import { afterEach, expect } from "vitest";
import { takeMockProblems } from "./mock-api";

// A fake server's answer the OpenAPI document does not allow fails the test that gave it, even
// when the screen swallowed the failed request.
afterEach(() => {
  expect(takeMockProblems(), "answers off the OpenAPI document").toEqual([]);
});

// Component tests (jsdom) unmount between tests; Node-only tests never load the DOM library.
if (typeof document !== "undefined") {
  const { cleanup } = await import("@testing-library/react");
  afterEach(cleanup);
  // jsdom has no layout, so no ResizeObserver; Chakra's menus and popovers (floating-ui)
  // observe their anchor's size on the next animation frame, which may come after a test
  // ended. An observer that never fires is what a layout-less document would see anyway.
  if (typeof globalThis.ResizeObserver === "undefined") {
    globalThis.ResizeObserver = class {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    };
  }
  // jsdom does not scroll (it logs "Not implemented" instead); the router's scroll
  // restoration calls it on every navigation.
  window.scrollTo = () => undefined;
}
