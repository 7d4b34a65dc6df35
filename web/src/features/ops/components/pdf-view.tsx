import { Box, Button, HStack, Stack, Text } from "@chakra-ui/react";
import { useEffect, useRef, useState } from "react";
import { useI18n } from "@/lib/i18n";
import type { PdfFile, PdfOpener } from "./pdf-file";
import { useViewTools, ViewToolbar } from "./view-tools";

/** The width a page fits when the view cannot be measured (a hidden view). */
const FALLBACK_WIDTH = 600;
/** The most pixels a page's canvas holds (a zoomed page on a dense screen gets fewer per CSS pixel). */
const MAX_PIXELS = 16_000_000;

/**
 * A PDF drawn page by page on a canvas (`open` reads it: pdf.js, loaded when first needed):
 * previous / next page, "page N of M", zoom and rotate like an image. Only pixels are shown:
 * no text layer, no links, no form fields, nothing of the PDF runs.
 */
export function PdfView({ content, name, open }: { readonly content: Blob; readonly name: string; readonly open: PdfOpener }) {
  const { t } = useI18n();
  const [file, setFile] = useState<PdfFile | null>(null);
  const [failed, setFailed] = useState(false);
  const [pageNumber, setPageNumber] = useState(1);
  const tools = useViewTools();

  useEffect(() => {
    let gone = false;
    let opened: PdfFile | null = null;
    content
      .arrayBuffer()
      .then(open)
      .then(
        (pdf) => {
          if (gone) return void pdf.destroy();
          opened = pdf;
          setFile(pdf);
        },
        () => {
          if (!gone) setFailed(true);
        },
      );
    return () => {
      gone = true;
      if (opened !== null) void opened.destroy();
    };
  }, [content, open]);

  if (failed) {
    return (
      <Text color="fg.error" role="alert">
        {t("ops.case.pdf_failed")}
      </Text>
    );
  }
  if (file === null) {
    return (
      <Text fontSize="sm" color="fg.muted">
        {t("app.loading")}
      </Text>
    );
  }
  const pages = file.pageCount;
  return (
    <Stack gap="2">
      <HStack gap="2" wrap="wrap" role="group" aria-label={t("ops.case.pdf_pages", { name })}>
        <Button size="xs" variant="outline" disabled={pageNumber <= 1} onClick={() => setPageNumber(pageNumber - 1)}>
          {t("ops.case.page_previous")}
        </Button>
        <Text fontSize="xs" aria-live="polite">
          {t("ops.case.page_of", { page: pageNumber, pages })}
        </Text>
        <Button size="xs" variant="outline" disabled={pageNumber >= pages} onClick={() => setPageNumber(pageNumber + 1)}>
          {t("ops.case.page_next")}
        </Button>
      </HStack>
      <ViewToolbar tools={tools} label={t("ops.case.pdf_tools", { name })} />
      {/* A new canvas per drawing: pdf.js draws on one canvas at a time. */}
      <PdfPageCanvas
        key={`${pageNumber}-${tools.scale}-${tools.turns}`}
        file={file}
        pageNumber={pageNumber}
        scale={tools.scale}
        turns={tools.turns}
        label={t("ops.case.pdf_page", { page: pageNumber, name })}
      />
    </Stack>
  );
}

function PdfPageCanvas(props: {
  readonly file: PdfFile;
  readonly pageNumber: number;
  readonly scale: number;
  readonly turns: number;
  readonly label: string;
}) {
  const { file, pageNumber, scale, turns, label } = props;
  const { t } = useI18n();
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<"drawing" | "drawn" | "failed">("drawing");

  useEffect(() => {
    let gone = false;
    let cancel = () => {};
    void file.page(pageNumber).then(
      (page) => {
        const target = canvas.current;
        if (gone || target === null) return;
        const size = page.size(turns);
        const fit = (frame.current?.clientWidth || FALLBACK_WIDTH) / size.width;
        const cssScale = fit * scale;
        const [width, height] = [size.width * cssScale, size.height * cssScale];
        const ratio = Math.min(window.devicePixelRatio || 1, Math.sqrt(MAX_PIXELS / Math.max(1, width * height)));
        target.width = Math.max(1, Math.floor(width * ratio));
        target.height = Math.max(1, Math.floor(height * ratio));
        target.style.width = `${width}px`;
        target.style.height = `${height}px`;
        const task = page.render(target, cssScale * ratio, turns);
        cancel = () => task.cancel();
        task.promise.then(
          () => !gone && setState("drawn"),
          () => !gone && setState("failed"),
        );
      },
      () => !gone && setState("failed"),
    );
    return () => {
      gone = true;
      cancel();
    };
  }, [file, pageNumber, scale, turns]);

  return (
    // Focusable: a zoomed page scrolls, by keyboard too.
    <Box ref={frame} overflow="auto" maxHeight="32rem" bg="bg.muted" rounded="sm" tabIndex={0}>
      {state === "failed" && (
        <Text color="fg.error" role="alert" padding="2">
          {t("ops.case.pdf_failed")}
        </Text>
      )}
      <canvas ref={canvas} role="img" aria-label={label} data-state={state} style={{ display: state === "failed" ? "none" : "block", margin: "0 auto" }} />
    </Box>
  );
}
