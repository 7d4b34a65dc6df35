import type { Locale } from "@/lib/locale";
import type { DocumentContent } from "./document";

export type DocumentName = "privacy" | "agreement" | "taxForms";

type Loader = () => Promise<{ readonly default: DocumentContent }>;

const loaders: Readonly<Record<DocumentName, Readonly<Record<Locale, Loader>>>> = {
  privacy: {
    "en-US": () => import("./privacy.en-US"),
    "zh-HK": () => import("./privacy.zh-HK"),
  },
  agreement: {
    "en-US": () => import("./agreement.en-US"),
    "zh-HK": () => import("./agreement.zh-HK"),
  },
  taxForms: {
    "en-US": () => import("./tax-forms.en-US"),
    "zh-HK": () => import("./tax-forms.zh-HK"),
  },
};

const loaded = new Map<string, Promise<DocumentContent>>();

/** A document's text in `locale`, fetched once; a failed fetch is forgotten so a retry fetches again. */
export function loadDocument(name: DocumentName, locale: Locale): Promise<DocumentContent> {
  const id = `${name}/${locale}`;
  let loading = loaded.get(id);
  if (!loading) {
    loading = loaders[name][locale]().then(
      (module) => module.default,
      (error: unknown) => {
        loaded.delete(id);
        throw error;
      },
    );
    loaded.set(id, loading);
  }
  return loading;
}
