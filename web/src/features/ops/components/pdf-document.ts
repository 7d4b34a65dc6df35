import { AnnotationMode, getDocument, GlobalWorkerOptions, PDFWorker } from "pdfjs-dist";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import type { PdfFile, PdfPage } from "./pdf-file";

// The worker is the app's own asset (same origin, a module worker: `worker-src 'self'`).
GlobalWorkerOptions.workerSrc = workerUrl;

/** One worker for all the page's PDFs (pdf.js would start one per document). */
let worker: PDFWorker | null = null;

/**
 * A PDF's bytes opened with pdf.js, for drawing its pages on a canvas: pdf.js's rendering only.
 * Nothing of the PDF runs (pdf.js runs no document scripts; no scripting sandbox is loaded), no
 * strings are evaluated (`isEvalSupported: false`: the app's CSP has no `unsafe-eval`), no XFA,
 * and the annotations' appearances are drawn as pictures: no link, form field or layer.
 * This module is imported only when a PDF is shown (DocumentView's `openPdf`), so pdf.js stays
 * in a chunk of its own.
 */
export async function openPdf(data: ArrayBuffer): Promise<PdfFile> {
  worker ??= new PDFWorker();
  const task = getDocument({
    data,
    worker,
    isEvalSupported: false,
    enableXfa: false,
    // No fetches of the library's resources (fonts, CMaps, wasm decoders: none is shipped);
    // fonts not in the file fall back to the system's, images to the JS decoders.
    useWasm: false,
    stopAtErrors: false,
  });
  const pdf = await task.promise;
  if (pdf.numPages < 1) {
    await task.destroy();
    throw new Error("a PDF without pages");
  }
  return {
    pageCount: pdf.numPages,
    async page(number) {
      const page = await pdf.getPage(number);
      const viewport = (scale: number, turns: number) => page.getViewport({ scale, rotation: (page.rotate + turns * 90) % 360 });
      const view: PdfPage = {
        size(turns) {
          const { width, height } = viewport(1, turns);
          return { width, height };
        },
        render(canvas, scale, turns) {
          const rendering = page.render({ canvas, viewport: viewport(scale, turns), annotationMode: AnnotationMode.ENABLE });
          return { promise: rendering.promise, cancel: () => rendering.cancel() };
        },
      };
      return view;
    },
    destroy: () => task.destroy(),
  };
}
