/**
 * A PDF as the console draws it, page by page on a canvas. The one implementation is
 * pdf-document.ts (pdf.js, imported when a PDF is first shown); tests give their own.
 */
export interface PdfFile {
  readonly pageCount: number;
  /** Page `number` (from 1). */
  page(number: number): Promise<PdfPage>;
  destroy(): Promise<void>;
}

export interface PdfPage {
  /** Its size at scale 1 (CSS pixels), turned `turns` quarter turns clockwise. */
  size(turns: number): { readonly width: number; readonly height: number };
  /** Draws it on `canvas` (sized by the caller) at `scale`, turned `turns` quarter turns. */
  render(canvas: HTMLCanvasElement, scale: number, turns: number): { readonly promise: Promise<void>; cancel(): void };
}

/** Opens a PDF's bytes; rejects when they are not a PDF it can read. */
export type PdfOpener = (data: ArrayBuffer) => Promise<PdfFile>;

/** pdf.js, loaded on first use (its own chunk, never in a visit that shows no PDF). */
export const openPdfLazily: PdfOpener = async (data) => (await import("./pdf-document")).openPdf(data);
