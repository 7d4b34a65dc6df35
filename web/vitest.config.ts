import { defineConfig, mergeConfig } from "vitest/config";
import viteConfig from "./vite.config.ts";

// Same aliases and wasm plugin as the app: tests run the real wasm module in Node.
// Component tests opt into jsdom with a `// @vitest-environment jsdom` comment.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: "node",
      include: ["src/**/*.test.{ts,tsx}"],
      setupFiles: ["./src/testing/setup-tests.ts"],
      restoreMocks: true,
    },
  }),
);
