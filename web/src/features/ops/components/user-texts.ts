import { isLocale, lookUp, textPart, type MessageKey } from "@/lib/locale";

/**
 * The domain catalogue in each language, for the texts a case's user reads (a rejection reason's
 * text, prefilled as the message): the user's language, whichever the operator's is.
 */
const domainTexts = textPart({
  "en-US": () => import("@domain-locales/en-US.json"),
  "zh-HK": () => import("@domain-locales/zh-HK.json"),
});

/** The text of `key` in `locale` (a language the app does not offer: English). */
export async function userText(locale: string, key: MessageKey): Promise<string> {
  const catalogue = await domainTexts[isLocale(locale) ? locale : "en-US"]();
  return lookUp(catalogue, key);
}
