import type { ReactNode } from "react";
import { useI18n } from "@/lib/i18n";
import type { LiveText } from "@/lib/live-text";
import { formatMessage } from "@/lib/locale";
import { useServerTexts } from "@/lib/server-texts";

/** A toast's `meta.text`, when the toast was made from a text that follows the language. */
export function liveTextOf(meta: Readonly<Record<string, unknown>> | undefined): LiveText | undefined {
  const text = meta?.["text"];
  return typeof text === "object" && text !== null && "kind" in text ? (text as LiveText) : undefined;
}

/**
 * A toast's text in the current language: a catalogue entry translated now; the server's
 * message as it came, or, once the user has turned to another language, the server's text of the
 * same key in that one with the same values (fetched then; the text as it came until it
 * arrives). A toast made of a plain text shows `fallback`.
 */
export function ToastText({ text, fallback }: { readonly text: LiveText | undefined; readonly fallback: ReactNode }) {
  const { t, locale } = useI18n();
  const elsewhere = text?.kind === "server" && text.locale !== locale;
  const server = useServerTexts(locale, elsewhere);
  if (text === undefined) return fallback;
  if (text.kind === "catalogue") return t(text.key, text.params);
  const template = elsewhere ? server?.[text.key] : undefined;
  return template === undefined ? text.text : formatMessage(template, text.params);
}
