// The static documents (SPEC §2: privacy, agreement, tax forms) as data: one module per document
// and language, loaded by the document's page, so their text stays out of the main bundle and
// the shared catalogue.

/** An external page, opened in a new tab. */
export interface ExternalLink {
  readonly label: string;
  readonly href: string;
}

/** A paragraph, a bulleted list, a subheading, or a list of external links. */
export type Block =
  | string
  | { readonly list: readonly string[] }
  | { readonly subheading: string }
  | { readonly links: readonly ExternalLink[] };

export interface DocumentSection {
  /** The section's anchor, the same in every language. */
  readonly id: string;
  readonly heading: string;
  readonly blocks: readonly Block[];
}

export interface DocumentContent {
  /** When the text last changed (YYYY-MM-DD). */
  readonly updated: string;
  readonly summary: string;
  readonly sections: readonly DocumentSection[];
}
