// ESLint for the web app: `npm run lint` (part of `make test` through `make lint`).
import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import importX, { createNodeResolver } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/*
 * The import boundaries of STYLE.md (shared → features → app): a feature imports no other
 * feature and nothing of src/app; shared code imports no feature and nothing of src/app.
 * `import-x/no-restricted-paths` checks the file an import resolves to, so `@/…` and relative
 * paths, `import()` and `export … from` are all held to the same zones.
 */
const features = readdirSync(new URL("./src/features/", import.meta.url));
const shared = ["./src/components", "./src/config", "./src/lib", "./src/locales", "./src/testing"];
const featureZones = [
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: "./src/features",
    except: [`./${name}`],
    message: "A feature imports no other feature: move what both need to src/components or src/lib.",
  })),
  {
    target: "./src/features",
    from: "./src/app",
    message: "A feature imports nothing of src/app: move what it needs to src/lib, or let the app pass it in.",
  },
];
const sharedZone = (from) => ({
  target: shared,
  from,
  message: "Shared code imports no feature and nothing of src/app (shared → features → app).",
});
const boundaries = (zones) => ["error", { zones, basePath: import.meta.dirname }];

export default defineConfig([
  globalIgnores(["dist/"]),
  {
    files: ["**/*.{ts,tsx}"],
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked, jsxA11y.flatConfigs.recommended],
    plugins: { "react-hooks": reactHooks },
    languageOptions: {
      globals: globals.browser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // The two classic rules. The plugin's recommended set adds the React Compiler's checks,
      // written for code that compiler rewrites; this app is not compiled by it.
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      // The aliases of tsconfig.app.json (`@/` → src/), so `@/…` imports resolve to their files.
      "import-x/resolver-next": [
        createNodeResolver({
          extensions: [".ts", ".tsx", ".js", ".json"],
          tsconfig: { configFile: new URL("./tsconfig.app.json", import.meta.url).pathname },
        }),
      ],
    },
    rules: {
      "import-x/no-restricted-paths": boundaries([...featureZones, sharedZone(["./src/features", "./src/app"])]),
      // An import that does not resolve would pass the boundaries unseen. (Vite resolves `?url`.)
      "import-x/no-unresolved": ["error", { ignore: ["\\?url$"] }],
    },
  },
  {
    // The test harness renders the whole app, as a user sees it, for the route-level tests of
    // every feature: the one shared file that imports src/app. It imports no feature.
    files: ["src/testing/render-app.tsx"],
    rules: { "import-x/no-restricted-paths": boundaries([sharedZone(["./src/features"])]) },
  },
  {
    files: ["**/*.{js,mjs}"],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
]);
