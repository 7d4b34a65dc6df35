/// <reference types="node" />
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { defaultSystem } from "@chakra-ui/react";
import { describe, expect, it } from "vitest";
import { renderGlobalCss } from "./global-css";
import { appSystem, createAppSystem, UNUSED_PALETTES, withoutGlobalCss } from "./theme";

const system = appSystem();

const SRC = fileURLToPath(new URL("..", import.meta.url));
const CHAKRA = fileURLToPath(new URL("../../node_modules/@chakra-ui/react/dist/esm/", import.meta.url));

/** Every TypeScript source file of the app, tests included. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The names the app imports from "@chakra-ui/react". */
function importedNames(): Set<string> {
  const names = new Set<string>();
  for (const file of sources(SRC)) {
    for (const [, list = ""] of readFileSync(file, "utf8").matchAll(/import\s*\{([^}]*)\}\s*from\s*"@chakra-ui\/react"/g)) {
      for (const part of list.split(",")) {
        const name = part.trim().replace(/^type\s+/, "").split(/\s+as\s+/)[0];
        if (name) names.add(name);
      }
    }
  }
  return names;
}

/** Chakra's own exports: name → the file defining it (components only; namespaces included). */
function chakraExports(): Map<string, string> {
  const index = readFileSync(join(CHAKRA, "index.js"), "utf8");
  const files = new Map<string, string>();
  for (const [, list = "", from = ""] of index.matchAll(/export \{([^}]*)\} from '(\.\/components\/[^']+)'/g)) {
    for (const part of list.split(",")) {
      const [local = "", exported] = part.trim().split(/\s+as\s+/);
      files.set((exported ?? local).trim(), join(CHAKRA, from));
    }
  }
  const namespaces = new Map(
    [...index.matchAll(/import \* as (\S+) from '(\.\/components\/[^']+)'/g)].map(([, alias = "", from = ""]) => [
      alias,
      join(CHAKRA, from),
    ]),
  );
  for (const [, alias = "", exported = ""] of index.matchAll(/export \{ (\S+) as (\w+) \};/g)) {
    const file = namespaces.get(alias);
    if (file) files.set(exported, file);
  }
  return files;
}

/** The recipe keys a Chakra component file uses, following its imports of other components. */
function recipeKeys(file: string, seen = new Set<string>()): Set<string> {
  const keys = new Set<string>();
  if (seen.has(file)) return keys;
  seen.add(file);
  const text = readFileSync(file, "utf8");
  for (const [, key = ""] of text.matchAll(/key: "(\w+)"/g)) keys.add(key);
  for (const [, from = ""] of text.matchAll(/from '(\.[^']+)'/g)) {
    const dependency = resolve(dirname(file), from);
    if (dependency.includes("/components/")) for (const key of recipeKeys(dependency, seen)) keys.add(key);
  }
  return keys;
}

describe("the trimmed Chakra theme", () => {
  it("has the recipe of every Chakra component the app imports", () => {
    const exports = chakraExports();
    const missing = [...importedNames()].flatMap((name) => {
      const file = exports.get(name);
      if (!file) return [];
      return [...recipeKeys(file)]
        .filter((key) => defaultSystem.hasRecipe(key) && !system.hasRecipe(key))
        .map((key) => `${name} needs the "${key}" recipe`);
    });
    expect(missing).toEqual([]);
  });

  it("finds the recipes of components it knows use them", () => {
    const exports = chakraExports();
    const keysOf = (name: string) => [...recipeKeys(exports.get(name) ?? "")];
    expect(keysOf("Button")).toEqual(expect.arrayContaining(["button", "spinner"]));
    expect(keysOf("Dialog")).toContain("dialog");
  });

  it("leaves out only palettes no source file names", () => {
    const palette = new RegExp(`["'](${UNUSED_PALETTES.join("|")})(\\.\\w+)?["']`);
    const naming = sources(SRC)
      .filter((file) => !file.endsWith("theme.ts"))
      .filter((file) => palette.test(readFileSync(file, "utf8")));
    expect(naming).toEqual([]);
  });

  it("keeps the palettes the app uses, in their light values", () => {
    const css = JSON.stringify(system.getTokenCss());
    expect(css).toContain('"--chakra-colors-teal-solid":"var(--chakra-colors-teal-');
    expect(css).not.toContain("--chakra-colors-purple-");
    expect(css).not.toContain(".dark");
  });
});

describe("the global CSS a production build serves as a stylesheet", () => {
  it("declares Chakra's layers first, then the reset, global styles and token variables", () => {
    const css = renderGlobalCss();
    expect(css.startsWith("@layer reset,base,tokens,recipes;")).toBe(true);
    expect(css).toContain("@layer reset{");
    expect(css).toContain("@layer base{");
    expect(css).toContain("--chakra-colors-teal-solid:");
  });

  it("is inserted at run time outside a production build", () => {
    expect(system._global.length).toBeGreaterThan(0);
  });

  it("is not inserted again by a production build's system, which inserts only the layer order", () => {
    const css = renderGlobalCss(withoutGlobalCss(createAppSystem({ withGlobalStyles: false })));
    expect(css.trim()).toBe("@layer reset,base,tokens,recipes;");
  });
});
