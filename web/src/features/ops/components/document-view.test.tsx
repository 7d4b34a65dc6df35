// @vitest-environment jsdom
import webEnUS from "@/locales/en-US.json";
import opsEnUS from "@/locales/ops/en-US.json";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loadTexts } from "@/lib/locale";
import { opsTexts } from "@/locales/ops";
import { renderInApp } from "@/testing/render-app";
import type { CaseDocument } from "../api/get-case";
import { createOpsClient } from "../api/ops-client";
import { OpsProvider } from "../api/ops-provider";
import { storeOpsToken } from "../api/ops-token";
import { DocumentView } from "./document-view";
import type { PdfFile, PdfOpener } from "./pdf-file";

const en: Record<string, string> = { ...webEnUS, ...opsEnUS };
const text = (key: string, params: Record<string, string | number> = {}) =>
  (en[key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]));

const PDF_BYTES = "%PDF-1.7\n% three pages\n";
const pdfDocument: CaseDocument = {
  reference: "ref-pdf",
  name: "certificate.pdf",
  contentType: "application/pdf",
  size: 2048,
  url: "/api/ops/review/cases/case-1/documents/ref-pdf",
};

/** A PDF of `pages` pages (portrait, 600 × 800 at scale 1) that records each drawing. */
function fakePdf(pages: number, failPage?: number) {
  const drawn: { page: number; scale: number; turns: number; canvas: HTMLCanvasElement }[] = [];
  const destroyed = vi.fn(() => Promise.resolve());
  const file: PdfFile = {
    pageCount: pages,
    page: (page) =>
      Promise.resolve({
        size: (turns) => (turns % 2 === 0 ? { width: 600, height: 800 } : { width: 800, height: 600 }),
        render: (canvas, scale, turns) => {
          drawn.push({ page, scale, turns, canvas });
          return { promise: page === failPage ? Promise.reject(new Error("broken page")) : Promise.resolve(), cancel: () => {} };
        },
      }),
    destroy: destroyed,
  };
  return { file, drawn, destroyed };
}

let served: { url: string; token: string | null }[] = [];

beforeAll(async () => {
  await loadTexts(opsTexts);
});

beforeEach(() => {
  served = [];
  storeOpsToken("ops-token-1");
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>((input, init) => {
      served.push({ url: input instanceof Request ? input.url : input.toString(), token: new Headers(init?.headers).get("Ops-Token") });
      return Promise.resolve(new Response(PDF_BYTES, { headers: { "Content-Type": "application/pdf" } }));
    }),
  );
  Object.defineProperty(URL, "createObjectURL", { configurable: true, value: () => "blob:http://localhost/pdf-1" });
  Object.defineProperty(URL, "revokeObjectURL", { configurable: true, value: () => {} });
});

afterEach(() => {
  sessionStorage.clear();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(URL, "createObjectURL");
  Reflect.deleteProperty(URL, "revokeObjectURL");
});

function show(openPdf: PdfOpener) {
  const client = createOpsClient({ notify: () => {}, signedOut: () => {} });
  return renderInApp(
    <OpsProvider client={client}>
      <DocumentView document={pdfDocument} openPdf={openPdf} />
    </OpsProvider>,
  );
}

describe("a case's PDF", { timeout: 30_000 }, () => {
  it("is read with the Ops-Token, drawn page by page, zoomed and rotated, and offered for download", async () => {
    const pdf = fakePdf(3);
    const opened: string[] = [];
    const view = show((data) => {
      opened.push(new TextDecoder().decode(data));
      return Promise.resolve(pdf.file);
    });
    const user = userEvent.setup();

    expect(await screen.findByText(text("ops.case.page_of", { page: 1, pages: 3 }))).toBeVisible();
    expect(served).toEqual([{ url: pdfDocument.url, token: "ops-token-1" }]);
    expect(opened).toEqual([PDF_BYTES]);
    const first = screen.getByRole("img", { name: text("ops.case.pdf_page", { page: 1, name: "certificate.pdf" }) });
    await waitFor(() => expect(first).toHaveAttribute("data-state", "drawn"));
    expect(pdf.drawn.map((d) => [d.page, d.turns])).toEqual([[1, 0]]);
    expect(pdf.drawn[0]?.canvas).toBe(first);
    // The page fits the view's width (jsdom has none: 600 CSS pixels), in its proportions.
    expect(first.style.width).toBe("600px");
    expect(first.style.height).toBe("800px");

    const pages = screen.getByRole("group", { name: text("ops.case.pdf_pages", { name: "certificate.pdf" }) });
    const previous = within(pages).getByRole("button", { name: text("ops.case.page_previous") });
    const next = within(pages).getByRole("button", { name: text("ops.case.page_next") });
    expect(previous).toBeDisabled();
    await user.click(next);
    expect(await screen.findByText(text("ops.case.page_of", { page: 2, pages: 3 }))).toBeVisible();
    await user.click(next);
    expect(await screen.findByRole("img", { name: text("ops.case.pdf_page", { page: 3, name: "certificate.pdf" }) })).toBeVisible();
    expect(next).toBeDisabled();
    await user.click(previous);
    expect(await screen.findByText(text("ops.case.page_of", { page: 2, pages: 3 }))).toBeVisible();
    expect(pdf.drawn.map((d) => d.page)).toEqual([1, 2, 3, 2]);

    const tools = screen.getByRole("group", { name: text("ops.case.pdf_tools", { name: "certificate.pdf" }) });
    const scaleBefore = pdf.drawn.at(-1)?.scale ?? 0;
    await user.click(within(tools).getByRole("button", { name: text("ops.case.zoom_in") }));
    expect(within(tools).getByText("150%")).toBeVisible();
    await waitFor(() => expect(pdf.drawn.at(-1)?.scale).toBeCloseTo(scaleBefore * 1.5));
    expect(screen.getByRole("img", { name: text("ops.case.pdf_page", { page: 2, name: "certificate.pdf" }) }).style.width).toBe("900px");
    await user.click(within(tools).getByRole("button", { name: text("ops.case.rotate") }));
    await waitFor(() => expect(pdf.drawn.at(-1)).toMatchObject({ page: 2, turns: 1 }));
    // Turned a quarter: landscape, still the view's width at 150%.
    const turned = screen.getByRole("img", { name: text("ops.case.pdf_page", { page: 2, name: "certificate.pdf" }) });
    expect([turned.style.width, turned.style.height]).toEqual(["900px", "675px"]);

    const download = screen.getByRole("link", { name: text("ops.case.download", { name: "certificate.pdf" }) });
    expect(download).toHaveAttribute("href", "blob:http://localhost/pdf-1");
    expect(download).toHaveAttribute("download", "certificate.pdf");
    // Nothing of the PDF is put in a frame.
    expect(view.container.querySelector("iframe, object, embed")).toBeNull();

    expect(pdf.destroyed).not.toHaveBeenCalled();
    view.unmount();
    expect(pdf.destroyed).toHaveBeenCalledOnce();
  });

  it("says so when the file cannot be read as a PDF, and still offers it for download", async () => {
    show(() => Promise.reject(new Error("Invalid PDF structure")));
    expect(await screen.findByRole("alert")).toHaveTextContent(text("ops.case.pdf_failed"));
    expect(screen.queryByText(text("ops.case.page_of", { page: 1, pages: 1 }))).toBeNull();
    expect(screen.getByRole("link", { name: text("ops.case.download", { name: "certificate.pdf" }) })).toBeVisible();
  });

  it("says so when a page cannot be drawn, and the other pages still are", async () => {
    const pdf = fakePdf(2, 1);
    show(() => Promise.resolve(pdf.file));
    const user = userEvent.setup();
    expect(await screen.findByRole("alert")).toHaveTextContent(text("ops.case.pdf_failed"));
    await user.click(screen.getByRole("button", { name: text("ops.case.page_next") }));
    const second = await screen.findByRole("img", { name: text("ops.case.pdf_page", { page: 2, name: "certificate.pdf" }) });
    await waitFor(() => expect(second).toHaveAttribute("data-state", "drawn"));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("is not opened at all when the server refuses it", async () => {
    vi.stubGlobal("fetch", vi.fn<typeof fetch>(() => Promise.resolve(Response.json({ statusCode: 404, content: null, message: "This document is not part of the case", messageKey: "api.ops_document_not_found", messageParams: {} }))));
    const open = vi.fn<PdfOpener>();
    show(open);
    expect(await screen.findByText(text("ops.case.document_failed"))).toBeVisible();
    expect(open).not.toHaveBeenCalled();
  });
});
