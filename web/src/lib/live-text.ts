// A text shown for a while (a toast) that follows the interface language: made in one language,
// it is shown in the one current when it renders, so a toast still up when the user switches
// language switches with the page.
import type { Locale, MessageKey, MessageParams } from "./locale";

export type LiveText =
  /** An entry of the web app's catalogue (or the domain's). */
  | { readonly kind: "catalogue"; readonly key: MessageKey; readonly params?: MessageParams }
  /**
   * The server's message: its key in the server's catalogues (its own, `crates/server/locales`,
   * or the domain's), the values of its placeholders, and its text as the server sent it, in
   * `locale`.
   */
  | {
      readonly kind: "server";
      readonly key: string;
      readonly params?: Readonly<Record<string, string>>;
      readonly text: string;
      readonly locale: Locale;
    };

export function catalogueText(key: MessageKey, params?: MessageParams): LiveText {
  return { kind: "catalogue", key, ...(params !== undefined && { params }) };
}
