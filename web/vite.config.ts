import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
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
  // Its binary, which the glue above fetches (src/lib/domain.ts preloads it beside the glue).
  { find: /^domain-wasm-binary/, replacement: fromHere("../pkg/domain_wasm_bg.wasm") },
  // The message catalogue lives with the domain crate; the web app loads it, never copies it.
  { find: /^@domain-locales\//, replacement: fromHere("../crates/domain/locales/") },
  { find: /^@\//, replacement: fromHere("./src/") },
];

/** index.html and its script. */
const MAIN = fromHere("./src/main.tsx");
const ENTRY = [fromHere("./index.html"), MAIN];
/** The app itself, which src/main.tsx imports once the boot header has painted. */
const BOOT = fromHere("./src/boot.tsx");
/** What src/main.tsx imports before BOOT to evaluate Chakra's chunk on its own. */
const CHAKRA_STAGE = fromHere("./src/chakra-stage.ts");
/** The page `/` redirects to (SPEC §2): the first page of most visits. */
const LANDING_ROUTE = fromHere("./src/app/routes/product/fiscard.tsx");

/**
 * Vite's `modulepreload` polyfill, which index.html's script imports: it stays in the entry, so
 * that the entry imports no chunk of the app (in the shell's chunk, it made the browser evaluate
 * React, Chakra and the shell as the page loaded, all in one long task).
 */
const PRELOAD_POLYFILL = /vite\/modulepreload-polyfill/;
const inNodeModules = (packages: string) => new RegExp(`node_modules[\\\\/](${packages})[\\\\/]`);
const REACT = inNodeModules("react|react-dom|scheduler|react-router|react-router-dom");
const CHAKRA = inNodeModules("@chakra-ui|@ark-ui|@zag-js|@emotion|@floating-ui|@internationalized|@pandacss|stylis");

/** Ark UI's state machines (dialogs, menus, fields: focus traps, positioning, …) under Chakra's components. */
const ARK = inNodeModules("@ark-ui|@zag-js|@floating-ui");
/**
 * The toasts' machine (src/components/ui/toast-list.tsx, loaded with the first toast): its own
 * chunk, or the bundler would put it with the Ark-based components every page with a dialog loads.
 */
const TOAST = inNodeModules("@zag-js[\\\\/]toast|@ark-ui[\\\\/]react[\\\\/]dist[\\\\/]components[\\\\/]toast");
const CHAKRA_COMPONENT = /^(.*@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]components[\\/][^\\/]+)[\\/]/;
const arkFolders = new Map<string, boolean>();
/** A module of a Chakra component built on Ark (a file of its folder imports @ark-ui), as Dialog, Menu or Field. */
function isArkBased(id: string): boolean {
  const folder = CHAKRA_COMPONENT.exec(id)?.[1];
  if (folder === undefined) return false;
  let based = arkFolders.get(folder);
  if (based === undefined) {
    const files = readdirSync(folder).filter((file) => file.endsWith(".js"));
    based = files.some((file) => readFileSync(join(folder, file), "utf8").includes("@ark-ui/"));
    arkFolders.set(folder, based);
  }
  return based;
}

/**
 * Chunks for HTTP/1.1, where each file costs a round trip on one of six connections: a first
 * visit loads about ten files, not dozens. The app (BOOT) and the landing page are built as entries
 * so that what they import counts as initial (`$initial`): React with the router; the Chakra
 * code the shell and the landing page use; the shell with the landing page. Chakra's other
 * components that several pages share are two chunks: those built on Ark's state machines
 * (dialogs, drawers, menus, fields, switches: 24 KB gzip) and the plain styled ones (tables,
 * cards, data lists: 1 KB), so the card account, which opens its dialogs on demand, fetches only
 * the second; the toasts' machine is a chunk of its own, fetched with the first toast. The rest
 * (a component one page uses, the pages, react-hook-form, the wasm module) is split by the routes
 * that use it. (All of Chakra's other
 * components in one chunk made the security page fetch 25 KB it never ran; none grouped made the
 * card page fetch 17 small files.)
 */
const CHUNK_GROUPS = [
  { name: "react", test: REACT, priority: 5 },
  {
    name: "chakra",
    test: (id: string) => id === CHAKRA_STAGE || CHAKRA.test(id),
    tags: ["$initial" as const],
    priority: 4,
  },
  // (Not index.html with src/main.tsx: the entry loads nothing else before it has run, but Vite's
  // small helper for `import()`.)
  { name: "import-helper", test: /^\0vite\/preload-helper/, priority: 6 },
  { name: "shell", test: (id: string) => !ENTRY.includes(id) && !PRELOAD_POLYFILL.test(id), tags: ["$initial" as const], priority: 3 },
  { name: "chakra-toast", test: TOAST, priority: 2 },
  { name: "chakra-overlays", test: (id: string) => ARK.test(id) || isArkBased(id), minShareCount: 2, priority: 1 },
  { name: "chakra-parts", test: CHAKRA, minShareCount: 2 },
];

/** What src/main.tsx may import statically: Vite's `import()` helper and the bundler's runtime. */
const ENTRY_MAY_IMPORT = ["import-helper", "rolldown-runtime"];

/** The chunks every first visit runs (CHUNK_GROUPS, the entries). */
const RUN_AT_START = ["react", "chakra", "shell", "app", "landing"];

/**
 * V8's explicit compile hint on the chunks every first visit runs: Chromium then compiles all
 * their functions as it downloads them, off the main thread, instead of each function on the
 * main thread when first called (measured on the card page: about a quarter less main-thread
 * time in long tasks after the first paint). Other browsers read a comment.
 */
const compileHint = (chunk: { readonly name: string }) =>
  RUN_AT_START.includes(chunk.name) ? "//# allFunctionsCalledOnLoad\n" : "";

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
        const chunkNamed = (fileName: string) => chunks.find((chunk) => chunk.fileName === fileName)?.name;
        const chunkOf = (module: string) => {
          const chunk = chunks.find((c) => c.facadeModuleId === module || (c.isEntry && c.moduleIds.includes(module)));
          if (!chunk) throw new Error(`no chunk for ${module}`);
          return chunk;
        };
        // The entry runs before the first paint is reported: a chunk of the app it imported
        // statically would be evaluated as the page loads, in one long task (it happened when
        // PRELOAD_POLYFILL fell into the shell's chunk).
        const entry = chunkOf(MAIN);
        const eager = entry.imports.filter((file) => !ENTRY_MAY_IMPORT.some((name) => chunkNamed(file) === name));
        if (eager.length > 0) throw new Error(`src/main.tsx imports ${eager.join(", ")} statically`);
        // What the entry imports as it starts the app (React, Chakra, then BOOT), and the landing route.
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

/**
 * Chakra's `createSystem` renders the whole global CSS (reset, global styles, token variables)
 * into `system._global` as it builds the system, which is 40% of building it: a long task before
 * the first render, for CSS the production build has already inlined (themeStyles). The build
 * makes `_global` a getter, so it is rendered when read (the provider, when it inserts global
 * CSS: dev, tests, global-css.ts) and never for the production `system` (src/config/theme.ts),
 * which replaces it with an empty list. Fails the build when Chakra's code no longer matches.
 */
function lazyChakraGlobalCss(): Plugin {
  const EAGER = "[getPreflightCss(), getGlobalCss(), getTokenCss()]";
  return patchChakraSystem("fiscard:lazy-chakra-global-css", {
    "system.js": [
      [`const _global = ${EAGER};`, "let _global;"],
      ["    _global,\n", `    get _global() { return (_global ??= ${EAGER}); },\n`],
    ],
  });
}

/**
 * A build plugin that makes `edits` (file name → [text, replacement]) to the files of Chakra's
 * styled system, each text found exactly once, and fails the build when one is not: a Chakra
 * update that changes the code must not silently undo the patch.
 */
function patchChakraSystem(name: string, edits: Readonly<Record<string, readonly (readonly [string, string])[]>>): Plugin {
  const STYLED_SYSTEM = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]([^\\/]+)$/;
  return {
    name,
    apply: "build",
    transform(code, id) {
      const file = STYLED_SYSTEM.exec(id)?.[1];
      const wanted = file === undefined ? undefined : edits[file];
      if (wanted === undefined) return null;
      let edited = code;
      for (const [from, to] of wanted) {
        if (edited.split(from).length !== 2) {
          throw new Error(`${id}: Chakra's code no longer matches ${name} at ${JSON.stringify(from)}`);
        }
        edited = edited.replace(from, () => to);
      }
      return edited;
    },
  };
}

/**
 * Chakra's `createSystem` as stages (a generator), so that src/boot.tsx builds the theme over
 * several short tasks instead of one long one (35 ms at 1× on this machine, the longest task of a
 * visit's start; four times that on a phone): `createSystem.steps(...configs)` pauses between
 * merging the configs, the stages of the token dictionary, the utilities, the token map and the
 * queries, and returns the same system; `createSystem` itself still runs them all at once.
 * Fails the build when Chakra's code no longer matches.
 */
function steppedChakraSystem(): Plugin {
  const RUN_STEPS = "const runSteps = (steps) => { let step = steps.next(); while (!step.done) step = steps.next(); return step.value; };";
  return patchChakraSystem("fiscard:stepped-chakra-system", {
    "token-dictionary.js": [
      ["function createTokenDictionary(options) {", "function* createTokenDictionarySteps(options) {"],
      [
        "  function build() {\n    applyMiddlewares(\"pre\");\n    applyTransforms(\"pre\");\n    addConditionalTokens();\n    addReferences();\n    expandTokenReferences$1();\n    applyMiddlewares(\"post\");\n    applyTransforms(\"post\");\n    setupViews();\n  }",
        "  function* build() {\n    applyMiddlewares(\"pre\");\n    yield;\n    applyTransforms(\"pre\");\n    yield;\n    addConditionalTokens();\n    addReferences();\n    yield;\n    expandTokenReferences$1();\n    yield;\n    applyMiddlewares(\"post\");\n    yield;\n    applyTransforms(\"post\");\n    yield;\n    setupViews();\n  }",
      ],
      ["  registerTokens();\n  registerTransform(", "  registerTokens();\n  yield;\n  registerTransform("],
      [
        "  build();\n  return dictionary;\n}",
        `  yield* build();\n  return dictionary;\n}\n${RUN_STEPS}\nfunction createTokenDictionary(options) {\n  return runSteps(createTokenDictionarySteps(options));\n}`,
      ],
      ["export { createTokenDictionary,", "export { createTokenDictionary, createTokenDictionarySteps,"],
    ],
    "system.js": [
      ["import { createTokenDictionary } from './token-dictionary.js';", "import { createTokenDictionarySteps } from './token-dictionary.js';"],
      ["function createSystem(...configs) {\n  const config = mergeConfigs(...configs);", "function* createSystemSteps(...configs) {\n  const config = mergeConfigs(...configs);\n  yield;"],
      ["  const tokens = createTokenDictionary({", "  const tokens = yield* createTokenDictionarySteps({"],
      ["  const breakpoints = createBreakpoints(", "  yield;\n  const breakpoints = createBreakpoints("],
      ["  assignComposition();\n", "  yield;\n  assignComposition();\n"],
      ["  const tokenMap = getTokenMap(tokens);", "  yield;\n  const tokenMap = getTokenMap(tokens);"],
      ["  const query = {", "  yield;\n  const query = {"],
      [
        "export { createSystem, isValidSystem };",
        `${RUN_STEPS}\nfunction createSystem(...configs) {\n  return runSteps(createSystemSteps(...configs));\n}\ncreateSystem.steps = createSystemSteps;\nexport { createSystem, isValidSystem };`,
      ],
    ],
  });
}

export default defineConfig({
  plugins: [react(), wasm(), lazyChakraGlobalCss(), steppedChakraSystem(), themeStyles(), preloadApp()],
  resolve: { alias },
  build: {
    // The wasm-bindgen glue uses top-level await.
    target: "esnext",
    rolldownOptions: {
      input: { index: fromHere("./index.html"), app: BOOT, landing: LANDING_ROUTE },
      output: { codeSplitting: { groups: CHUNK_GROUPS }, postBanner: compileHint },
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
