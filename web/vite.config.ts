import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, runnerImport, type AliasOptions, type Plugin } from "vite";
import wasm from "vite-plugin-wasm";

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The API server of crates/server; `npm run dev` forwards /api to it.
const apiServer = "http://127.0.0.1:8080";

const alias: AliasOptions = [
  // wasm-pack output of crates/domain-wasm (`--target bundler`), built into the repo's pkg/: the
  // core module (pkg/core), the identity module of the profile page (pkg/identity) and the markets
  // module of the wallet, exchange and fund (pkg/markets).
  { find: /^domain-wasm$/, replacement: fromHere("../pkg/core/domain_core.js") },
  { find: /^domain-identity$/, replacement: fromHere("../pkg/identity/domain_identity.js") },
  { find: /^domain-markets$/, replacement: fromHere("../pkg/markets/domain_markets.js") },
  // Their binaries, which the glues above fetch (src/lib/domain.ts preloads each beside its glue).
  { find: /^domain-wasm-binary/, replacement: fromHere("../pkg/core/domain_core_bg.wasm") },
  { find: /^domain-identity-binary/, replacement: fromHere("../pkg/identity/domain_identity_bg.wasm") },
  { find: /^domain-markets-binary/, replacement: fromHere("../pkg/markets/domain_markets_bg.wasm") },
  // The message catalogue lives with the domain crate; the web app loads it, never copies it.
  { find: /^@domain-locales\//, replacement: fromHere("../crates/domain/locales/") },
  // The server's own texts (its success messages): a toast shown before the user changes
  // language is shown again in the new one (lib/server-texts.ts fetches them then).
  { find: /^@server-locales\//, replacement: fromHere("../crates/server/locales/") },
  { find: /^@\//, replacement: fromHere("./src/") },
];

/** The page and its script. */
const INDEX = fromHere("./index.html");
const MAIN = fromHere("./src/main.tsx");
/** The app itself, which src/main.tsx imports once the boot header has painted. */
const BOOT = fromHere("./src/boot.tsx");
/** The page `/` redirects to (SPEC §2): the first page of most visits. */
const LANDING_ROUTE = fromHere("./src/app/routes/product/fiscard.tsx");

/**
 * What src/main.tsx may run before the first paint, its static imports included (raw bytes): the
 * entry itself and Vite's small helpers. More means it imports a chunk of the app statically,
 * which the browser would evaluate as the page loads, in one long task.
 */
const ENTRY_MAX_BYTES = 8 * 1024;

/**
 * The chunks of a visit's start, in order: what src/main.tsx imports once the first paint is
 * reported, one after the other (src/react-stage.ts, src/chakra-stage.ts, src/boot.tsx), and the
 * landing route.
 */
const START_CHUNKS = ["react", "chakra", "app", "landing"];

/**
 * One chunk per stage of a visit's start (START_CHUNKS), so that each is evaluated in a task of its
 * own and a first visit loads about ten files, not dozens (each a round trip on HTTP/1.1; with the
 * bundler's default split, by which pages share each module, the product page loaded 60 files and
 * Lighthouse's LCP went from 2.4 to 3.7 s). A stage's chunk holds what its first module imports
 * statically and the start runs (`$initial`: the app and the landing route are entries), less what
 * an earlier stage took; none holds what src/main.tsx imports statically (Vite's `import()`
 * helper), or the entry would import that chunk and run it as the page loads. The stages come
 * from the app's own module graph, read when the build ends: no package's name or files. The rest
 * (the other routes and what they share) is split the bundler's default way.
 *
 * These chunks also carry V8's explicit compile hint: Chromium then compiles all their functions
 * as it downloads them, off the main thread, instead of each function on the main thread when
 * first called (measured on the card page: about a quarter less main-thread time in long tasks
 * after the first paint). Other browsers read a comment.
 */
function startUpChunks(): Plugin {
  /** index.html's script with all it imports statically (src/main.tsx, Vite's `import()` helper). */
  const entry = new Set<string>();
  /** START_CHUNKS' first modules with all they import statically, in the same order. */
  const stages: Set<string>[] = [];
  // A module goes to the group of the highest priority that takes it: the entry's own imports
  // first (a stage that imports one too would take it along), then the stages in order. A stage
  // takes only modules the start runs (`$initial`): what a module imports includes all a package's
  // index re-exports, most of which the start never runs. The groups' `test`s read `entry` and
  // `stages` when the bundler makes the chunks, after buildEnd has filled them.
  const groups = [
    { name: "entry-imports", test: (id: string) => entry.has(id) && id !== MAIN && id !== INDEX, priority: START_CHUNKS.length + 1 },
    ...START_CHUNKS.map((name, index) => ({
      name,
      test: (id: string) => stages[index]?.has(id) === true && !entry.has(id),
      tags: ["$initial" as const],
      priority: START_CHUNKS.length - index,
    })),
  ];
  return {
    name: "fiscard:start-up-chunks",
    apply: "build",
    buildEnd(error) {
      if (error) return;
      const closure = (start: string) => {
        const modules = new Set<string>();
        const visit = (id: string) => {
          if (modules.has(id)) return;
          modules.add(id);
          this.getModuleInfo(id)?.importedIds.forEach(visit);
        };
        visit(start);
        return modules;
      };
      const main = this.getModuleInfo(MAIN);
      if (!main) throw new Error("src/main.tsx is not in the build");
      const starts = [...main.dynamicallyImportedIds, LANDING_ROUTE];
      if (starts.length !== START_CHUNKS.length) {
        throw new Error(`src/main.tsx imports ${starts.length - 1} stages, START_CHUNKS names ${START_CHUNKS.length - 1}`);
      }
      entry.clear();
      closure(INDEX).forEach((id) => entry.add(id));
      stages.splice(0, stages.length, ...starts.map(closure));
    },
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: { groups },
        postBanner: (chunk) => (START_CHUNKS.includes(chunk.name) ? "//# allFunctionsCalledOnLoad\n" : ""),
      };
    },
  };
}

/**
 * Adds `<link rel="modulepreload">` for the app's chunks and the landing route's to index.html,
 * so they download with the entry instead of once it has run (src/main.tsx imports the app after
 * the first paint; the router imports a route only when it matches). At low priority: the first
 * paint (the boot header) needs none of them, and the page has nothing else to load.
 */
function preloadApp(): Plugin {
  return {
    name: "fiscard:preload-app",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, { bundle = {} }) {
        const chunks = Object.values(bundle).flatMap((output) => (output.type === "chunk" ? [output] : []));
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          chunks.find((chunk) => chunk.fileName === fileName)?.imports.forEach(visit);
        };
        const chunkOf = (module: string) => {
          const chunk = chunks.find((c) => c.facadeModuleId === module || (c.isEntry && c.moduleIds.includes(module)));
          if (!chunk) throw new Error(`no chunk for ${module}`);
          return chunk;
        };
        // The entry runs before the first paint is reported: a chunk of the app it imported
        // statically would be evaluated as the page loads, in one long task (it happened when
        // Vite's modulepreload polyfill fell into the shell's chunk).
        const entry = chunkOf(MAIN);
        const before = new Set<string>();
        const runsFirst = (fileName: string) => {
          if (before.has(fileName)) return;
          before.add(fileName);
          chunks.find((chunk) => chunk.fileName === fileName)?.imports.forEach(runsFirst);
        };
        runsFirst(entry.fileName);
        const bytes = [...before].reduce((sum, file) => sum + (chunks.find((c) => c.fileName === file)?.code.length ?? 0), 0);
        if (bytes > ENTRY_MAX_BYTES) {
          throw new Error(`src/main.tsx runs ${bytes} bytes before the first paint (${[...before].join(", ")}): more than ${ENTRY_MAX_BYTES}`);
        }
        // What the entry imports as it starts the app (its stages), and the landing route.
        entry.dynamicImports.forEach(visit);
        visit(chunkOf(LANDING_ROUTE).fileName);
        const tags = [...files]
          .filter((file) => !html.includes(`"/${file}"`))
          .map((file) => ({
            tag: "link",
            attrs: { rel: "modulepreload", fetchpriority: "low", crossorigin: true, href: `/${file}` },
            injectTo: "head" as const,
          }));
        // Vite's own (the chunks the entry's `import()` needs) at low priority too.
        const PRELOAD = '<link rel="modulepreload"';
        return { html: html.replaceAll(PRELOAD, `${PRELOAD} fetchpriority="low"`), tags };
      },
    },
  };
}

/**
 * Chakra's global CSS (layer order, reset, global styles, token variables) inlined into
 * index.html's head: the browser has it with the page, with no stylesheet request to wait for
 * before the first paint (the boot header uses its tokens), instead of emotion serializing and
 * inserting its 37 KB when the app starts (the production `system` of src/config/theme.ts
 * leaves it out). src/config/global-css.ts renders it as the provider would.
 */
function themeStyles(): Plugin {
  let css = "";
  return {
    name: "fiscard:theme-styles",
    apply: "build",
    async buildStart() {
      const { module } = await runnerImport<{ renderGlobalCss(): string }>(
        fromHere("./src/config/global-css.ts"),
        { configFile: false, root: fromHere("."), logLevel: "error", resolve: { alias } },
      );
      css = module.renderGlobalCss();
      if (css.includes("</")) throw new Error("the theme's CSS cannot be inlined: it contains </");
    },
    transformIndexHtml: {
      order: "post",
      handler() {
        // (The boot header's rules are not in a layer, so they win whatever the order.)
        return [{ tag: "style", attrs: { "data-theme": "" }, children: css, injectTo: "head" as const }];
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), wasm(), themeStyles(), preloadApp(), startUpChunks()],
  resolve: { alias },
  build: {
    // The wasm-bindgen glue uses top-level await.
    target: "esnext",
    rolldownOptions: {
      // The app and the landing route are entries too: what they import statically is what the
      // bundler tags `$initial`, what a visit's start runs (startUpChunks).
      input: { index: INDEX, app: BOOT, landing: LANDING_ROUTE },
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
