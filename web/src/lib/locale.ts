// The interface language: catalogues (web UI strings merged with the domain catalogue), loading on
// demand, the stored choice, and translation. React reads it through lib/i18n.tsx; code outside
// React (form resolvers) calls translate().
import domainEnUS from "@domain-locales/en-US.json";
import webEnUS from "@/locales/en-US.json";

/** Languages offered, each named in its own language. */
export const LOCALES = [
  { code: "en-US", label: "English" },
  { code: "zh-HK", label: "繁體中文" },
] as const;

export type Locale = (typeof LOCALES)[number]["code"];

export const DEFAULT_LOCALE: Locale = "en-US";

const STORAGE_KEY = "locale";

/**
 * A UI string of the web app (its main catalogue or a part's, see `TextPart`) or an entry of the
 * domain catalogue; error keys come from domain codes.
 */
export type MessageKey =
  | keyof typeof webEnUS
  | keyof typeof domainEnUS
  | keyof typeof import("@/locales/fund/en-US.json")
  | keyof typeof import("@/locales/ops/en-US.json")
  | `error.${string}`;

export type MessageParams = Readonly<Record<string, string | number>>;

export type Catalogue = Readonly<Record<string, string>>;

export type Translate = (key: MessageKey, params?: MessageParams) => string;

export function isLocale(value: string): value is Locale {
  return LOCALES.some((locale) => locale.code === value);
}

/** One language: the domain catalogue (errors, status labels) plus the web app's own UI strings. */
export function mergeCatalogues(domain: Catalogue, web: Catalogue): Catalogue {
  return { ...domain, ...web };
}

/** Fills `{name}` placeholders; one without a value stays visible instead of vanishing. */
export function formatMessage(template: string, params: MessageParams = {}): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = params[name];
    return value === undefined ? placeholder : String(value);
  });
}

const enUS = mergeCatalogues(domainEnUS, webEnUS);

// en-US ships in the main bundle; other languages are separate chunks fetched when chosen.
const loaders: Record<Locale, () => Promise<Catalogue>> = {
  "en-US": () => Promise.resolve(enUS),
  "zh-HK": async () => {
    const [domain, web] = await Promise.all([
      import("@domain-locales/zh-HK.json"),
      import("@/locales/zh-HK.json"),
    ]);
    return mergeCatalogues(domain.default, web.default);
  },
};

const catalogues = new Map<Locale, Promise<Catalogue>>();

/**
 * The texts of a part of the app that only its own pages show (the fund's): one catalogue per
 * language, fetched with the part's pages (`loadTexts`) rather than with the app, so that the
 * JavaScript of a first visit does not carry them. Made by `textPart`.
 */
export type TextPart = Readonly<Record<Locale, () => Promise<Catalogue>>>;

/** A part's catalogues from their loaders (`() => import("./en-US.json")`), each loaded once. */
export function textPart(loaders: Readonly<Record<Locale, () => Promise<{ default: Catalogue }>>>): TextPart {
  const once = (load: () => Promise<{ default: Catalogue }>) => {
    let loading: Promise<Catalogue> | undefined;
    return () => {
      loading ??= load().then(
        (module) => module.default,
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    };
  };
  return {
    "en-US": once(loaders["en-US"]),
    "zh-HK": once(loaders["zh-HK"]),
  };
}

/** The parts whose texts are loaded: every language loaded later gets theirs too. */
const parts = new Set<TextPart>();

/** What a key missing in the language shown falls back to: en-US, with the loaded parts'. */
let fallback: Catalogue = enUS;

/** `locale`'s catalogue with the loaded parts' texts in it. */
async function withParts(locale: Locale, catalogue: Catalogue): Promise<Catalogue> {
  const texts = await Promise.all([...parts].map((part) => part[locale]()));
  return texts.reduce<Catalogue>((all, part) => ({ ...all, ...part }), catalogue);
}

function loadCatalogue(locale: Locale): Promise<Catalogue> {
  let loading = catalogues.get(locale);
  if (!loading) {
    loading = loaders[locale]().catch((error: unknown) => {
      catalogues.delete(locale);
      throw error;
    });
    catalogues.set(locale, loading);
  }
  return loading;
}

function readStoredLocale(): Locale {
  try {
    const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
    return stored != null && isLocale(stored) ? stored : DEFAULT_LOCALE;
  } catch {
    // Storage can be unavailable (privacy modes); the default language still works.
    return DEFAULT_LOCALE;
  }
}

function storeLocale(locale: Locale): void {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, locale);
  } catch {
    // Not persisting the choice is acceptable; the page still switches.
  }
}

export interface LocaleState {
  readonly locale: Locale;
  readonly catalogue: Catalogue;
}

const defaultState: LocaleState = { locale: DEFAULT_LOCALE, catalogue: enUS };

let requested: Locale = readStoredLocale();
// Undefined only at start, while a stored non-default choice is still loading.
let current: LocaleState | undefined = requested === DEFAULT_LOCALE ? defaultState : undefined;
const listeners = new Set<() => void>();

function apply(state: LocaleState): void {
  current = state;
  if (typeof document !== "undefined") {
    document.documentElement.lang = state.locale;
  }
  for (const listener of listeners) listener();
}

/**
 * Switches the language once its catalogue is loaded and remembers the choice.
 * Resolves false when the catalogue could not be loaded; the current language then stays.
 */
export async function setLocale(locale: Locale): Promise<boolean> {
  requested = locale;
  let catalogue: Catalogue;
  try {
    catalogue = await withParts(locale, await loadCatalogue(locale));
  } catch {
    if (!current) apply(defaultState);
    return false;
  }
  // A later choice made while this one was loading wins.
  if (requested === locale) {
    apply({ locale, catalogue });
    storeLocale(locale);
  }
  return true;
}

/**
 * Makes `part`'s texts part of the catalogues, in the language shown and in en-US (the fallback);
 * resolves once they are (a page of the part renders in its language at once). A part that fails
 * to load leaves its keys showing, and is tried again by the next call.
 */
export async function loadTexts(part: TextPart): Promise<void> {
  if (parts.has(part)) return;
  const locale = currentLocale();
  const [english, shown] = await Promise.all([part["en-US"](), part[locale]()]);
  if (parts.has(part)) return;
  parts.add(part);
  fallback = { ...fallback, ...english };
  // The language shown gets them now; one still loading (`setLocale`) takes them as it loads.
  const target = current?.locale;
  if (target === undefined) return;
  const texts = target === locale ? shown : await part[target]();
  const now = getSnapshot();
  if (now?.locale === target) apply({ locale: target, catalogue: { ...now.catalogue, ...texts } });
}

/** Looks a key up in `catalogue`, then in en-US; a key nobody has is shown as itself. */
export function lookUp(catalogue: Catalogue, key: MessageKey, params?: MessageParams): string {
  return formatMessage(catalogue[key] ?? fallback[key] ?? key, params);
}

/** Translates in the current language, for code outside React (e.g. form resolvers). */
export function translate(key: MessageKey, params?: MessageParams): string {
  return lookUp((current ?? defaultState).catalogue, key, params);
}

/** The language the server should answer in: the one shown, or at start the one being loaded. */
export function currentLocale(): Locale {
  return current?.locale ?? requested;
}

/** For useSyncExternalStore: called whenever the language changes. */
export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current language and its catalogue; undefined while a stored choice loads at start. */
export function getSnapshot(): LocaleState | undefined {
  return current;
}

/** Loads the language chosen on an earlier visit, if it is not loaded yet. */
export function restoreStoredLocale(): Promise<boolean> {
  return setLocale(requested);
}

/**
 * One of Intl's formatters per language, made on first use: making one loads the language's ICU
 * data, tens of milliseconds on a slow phone, where using it is quick.
 */
export function perLocale<T>(make: (locale: Locale) => T): (locale: Locale) => T {
  const made = new Map<Locale, T>();
  return (locale) => {
    let value = made.get(locale);
    if (value === undefined) {
      value = make(locale);
      made.set(locale, value);
    }
    return value;
  };
}

const dateTimeFormat = perLocale((locale) => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }));

/** A time (ms since the epoch) as the interface language writes it, e.g. "Nov 21, 2026, 9:20 AM". */
export function formatDateTime(ms: number, locale: Locale): string {
  return dateTimeFormat(locale).format(ms);
}
