import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, runnerImport, type AliasOptions, type Plugin } from "vite";
import wasm from "vite-plugin-wasm";

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The API server of crates/server; `npm run dev` forwards /api to it.
const apiServer = "http://127.0.0.1:8080";

const alias: AliasOptions = [
  // wasm-pack output of crates/domain-wasm (`--target bundler`), built into the repo's pkg/.
  { find: /^domain-wasm$/, replacement: fromHere("../pkg/domain_wasm.js") },
  // The message catalogue lives with the domain crate; the web app loads it, never copies it.
  { find: /^@domain-locales\//, replacement: fromHere("../crates/domain/locales/") },
  { find: /^@\//, replacement: fromHere("./src/") },
];

/** The page `/` redirects to (SPEC §2): the first page of most visits. */
const LANDING_ROUTE = fromHere("./src/app/routes/product/fiscard.tsx");

const inNodeModules = (packages: string) => new RegExp(`node_modules[\\\\/](${packages})[\\\\/]`);
const REACT = inNodeModules("react|react-dom|scheduler|react-router|react-router-dom");
const CHAKRA = inNodeModules("@chakra-ui|@ark-ui|@zag-js|@emotion|@floating-ui|@internationalized|@pandacss|stylis");

/**
 * Chunks for HTTP/1.1, where each file costs a round trip on one of six connections: a first
 * visit loads five files, not dozens. The landing page is built as a second entry so that what
 * it imports counts as initial (`$initial`): React with the router; the Chakra code the shell and
 * the landing page use; the shell with the landing page; the landing route itself. The rest of
 * Chakra is one chunk for the other pages; their own code, react-hook-form and the wasm module
 * stay in the chunks of the routes that use them.
 */
const CHUNK_GROUPS = [
  { name: "react", test: REACT, priority: 3 },
  { name: "chakra", test: CHAKRA, tags: ["$initial" as const], priority: 2 },
  { name: "shell", tags: ["$initial" as const], priority: 1 },
  { name: "chakra-parts", test: CHAKRA },
];

/**
 * Adds `<link rel="modulepreload">` for the landing route's chunks to index.html, so they load
 * with the entry instead of after it has run (the router imports them only then).
 */
function preloadLandingRoute(): Plugin {
  return {
    name: "fiscard:preload-landing-route",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, { bundle = {} }) {
        const chunks = Object.values(bundle).flatMap((output) => (output.type === "chunk" ? [output] : []));
        const landing = chunks.find((chunk) => chunk.facadeModuleId === LANDING_ROUTE);
        if (!landing) throw new Error(`no chunk for ${LANDING_ROUTE}`);
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          chunks.find((chunk) => chunk.fileName === fileName)?.imports.forEach(visit);
        };
        visit(landing.fileName);
        return [...files]
          .filter((file) => !html.includes(`"/${file}"`))
          .map((file) => ({
            tag: "link",
            attrs: { rel: "modulepreload", crossorigin: true, href: `/${file}` },
            injectTo: "head" as const,
          }));
      },
    },
  };
}

/**
 * Chakra's global CSS (layer order, reset, global styles, token variables) as a stylesheet of the
 * build, which the browser parses while the scripts download, instead of emotion serializing
 * and inserting its 37 KB when the app starts (the production `system` of src/config/theme.ts
 * leaves it out). src/config/global-css.ts renders it as the provider would.
 */
function themeStylesheet(): Plugin {
  const NAME = "theme.css";
  return {
    name: "fiscard:theme-stylesheet",
    apply: "build",
    async buildStart() {
      const { module } = await runnerImport<{ renderGlobalCss(): string }>(
        fromHere("./src/config/global-css.ts"),
        { configFile: false, root: fromHere("."), logLevel: "error", resolve: { alias } },
      );
      this.emitFile({ type: "asset", name: NAME, source: module.renderGlobalCss() });
    },
    transformIndexHtml: {
      order: "post",
      handler(_html, { bundle = {} }) {
        const sheet = Object.values(bundle).find((output) => output.type === "asset" && output.names.includes(NAME));
        if (!sheet) throw new Error(`no ${NAME} in the bundle`);
        return [{ tag: "link", attrs: { rel: "stylesheet", href: `/${sheet.fileName}` }, injectTo: "head" as const }];
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), wasm(), themeStylesheet(), preloadLandingRoute()],
  resolve: { alias },
  build: {
    // The wasm-bindgen glue uses top-level await.
    target: "esnext",
    rolldownOptions: {
      input: { index: fromHere("./index.html"), landing: LANDING_ROUTE },
      output: { codeSplitting: { groups: CHUNK_GROUPS } },
    },
  },
  server: {
    // Dev mode reads ../pkg and ../crates/domain/locales, outside web/.
    fs: { allow: [fromHere("..")] },
    proxy: { "/api": apiServer },
  },
  preview: {
    proxy: { "/api": apiServer },
  },
});
