import "@testing-library/jest-dom/vitest";
import { afterEach } from "vitest";

// Component tests (jsdom) unmount between tests; Node-only tests never load the DOM library.
if (typeof document !== "undefined") {
  const { cleanup } = await import("@testing-library/react");
  afterEach(cleanup);
}
