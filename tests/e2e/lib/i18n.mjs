// The interface's own texts, read from the catalogues the web app is built from (the domain's,
// then the web's on top, as web/src/lib/locale.ts merges them), so a journey finds a control
// by what a person reads in either language without copying a string.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./server.mjs";

export const LANGUAGES = ["en-US", "zh-HK"];

/** The parts of the web app's texts that come with their own pages (web/src/locales/<part>/). */
const PARTS = readdirSync(join(ROOT, "web/src/locales"), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

const read = (path) => JSON.parse(readFileSync(join(ROOT, path), "utf8"));

/** `t(key, params)` for `lang`; an unknown key is an error in the journey, not a blank. */
export function texts(lang) {
  const catalogue = {
    ...read(`crates/domain/locales/${lang}.json`),
    ...read(`web/src/locales/${lang}.json`),
    // The parts' texts, which the app loads with their pages (web/src/locales/<part>/).
    ...Object.assign({}, ...PARTS.map((part) => read(`web/src/locales/${part}/${lang}.json`))),
  };
  return (key, params = {}) => {
    const template = catalogue[key];
    if (template === undefined) throw new Error(`no text ${key} in ${lang}`);
    return template.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
  };
}

/** The server's own message `key` (`api.*`) in `lang`, as its catalogue writes it. */
export function serverText(lang, key) {
  const template = read(`crates/server/locales/${lang}.json`)[key];
  if (template === undefined) throw new Error(`no server text ${key} in ${lang}`);
  return template;
}
