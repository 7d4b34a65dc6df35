import { createContext, use, useEffect, useMemo, useSyncExternalStore, type ReactNode } from "react";
import {
  getSnapshot,
  lookUp,
  restoreStoredLocale,
  setLocale,
  subscribe,
  type Locale,
  type Translate,
} from "./locale";

export interface I18n {
  readonly locale: Locale;
  readonly t: Translate;
  readonly setLocale: (locale: Locale) => Promise<boolean>;
}

const I18nContext = createContext<I18n | null>(null);

/** Renders its children once the chosen language is loaded, and again whenever it changes. */
export function I18nProvider({ children }: { readonly children: ReactNode }) {
  const state = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);

  useEffect(() => {
    if (!state) void restoreStoredLocale();
  }, [state]);

  const value = useMemo<I18n | null>(
    () =>
      state
        ? { locale: state.locale, t: (key, params) => lookUp(state.catalogue, key, params), setLocale }
        : null,
    [state],
  );

  return value && <I18nContext value={value}>{children}</I18nContext>;
}

export function useI18n(): I18n {
  const i18n = use(I18nContext);
  if (!i18n) throw new Error("useI18n() must be used inside <I18nProvider>");
  return i18n;
}
