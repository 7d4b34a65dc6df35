// The catalogues of the server's messages, as the server reads them: its own (`crates/server/
// locales`, keys `api.*`), then the domain's (a field error's `error.*`, a gate's prompt), fetched
// only when a message must be shown in a language other than the one it came in: a toast still
// up when the user switches language. A first visit downloads none of it.
import { useEffect, useState } from "react";
import type { Catalogue, Locale } from "./locale";

const loaders: Record<Locale, () => Promise<{ default: Catalogue }>> = {
  "en-US": async () => {
    const [server, domain] = await Promise.all([import("@server-locales/en-US.json"), import("@domain-locales/en-US.json")]);
    return { default: { ...domain.default, ...server.default } };
  },
  "zh-HK": async () => {
    const [server, domain] = await Promise.all([import("@server-locales/zh-HK.json"), import("@domain-locales/zh-HK.json")]);
    return { default: { ...domain.default, ...server.default } };
  },
};

const loaded = new Map<Locale, Catalogue>();
const loading = new Map<Locale, Promise<Catalogue>>();

/** The server's catalogue in `locale`; a failed fetch is forgotten, so the next use tries again. */
export function loadServerTexts(locale: Locale): Promise<Catalogue> {
  let pending = loading.get(locale);
  if (!pending) {
    pending = loaders[locale]().then(
      (module) => {
        loaded.set(locale, module.default);
        return module.default;
      },
      (error: unknown) => {
        loading.delete(locale);
        throw error;
      },
    );
    loading.set(locale, pending);
  }
  return pending;
}

/**
 * The server's catalogue in `locale` when `wanted`, fetched on first need: undefined until it
 * has arrived (or when it could not be fetched).
 */
export function useServerTexts(locale: Locale, wanted: boolean): Catalogue | undefined {
  const [, arrived] = useState(0);
  useEffect(() => {
    if (!wanted || loaded.has(locale)) return undefined;
    let current = true;
    loadServerTexts(locale).then(
      () => {
        if (current) arrived((n) => n + 1);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [locale, wanted]);
  return wanted ? loaded.get(locale) : undefined;
}
