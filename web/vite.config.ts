import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import wasm from "vite-plugin-wasm";

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The API server of crates/server; `npm run dev` forwards /api to it.
const apiServer = "http://127.0.0.1:8080";

export default defineConfig({
  plugins: [react(), wasm()],
  resolve: {
    alias: [
      // wasm-pack output of crates/domain-wasm (`--target bundler`), built into the repo's pkg/.
      { find: /^domain-wasm$/, replacement: fromHere("../pkg/domain_wasm.js") },
      // The message catalogue lives with the domain crate; the web app loads it, never copies it.
      { find: /^@domain-locales\//, replacement: fromHere("../crates/domain/locales/") },
      { find: /^@\//, replacement: fromHere("./src/") },
    ],
  },
  // The wasm-bindgen glue uses top-level await.
  build: { target: "esnext" },
  server: {
    // Dev mode reads ../pkg and ../crates/domain/locales, outside web/.
    fs: { allow: [fromHere("..")] },
    proxy: { "/api": apiServer },
  },
  preview: {
    proxy: { "/api": apiServer },
  },
});
