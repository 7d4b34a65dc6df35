import { Box, Link, Stack, Text } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { useI18n } from "@/lib/i18n";
import type { CaseDocument } from "../api/get-case";
import { useOpsClient } from "../api/ops-provider";
import { readDocument } from "../api/read-document";
import { openPdfLazily, type PdfOpener } from "./pdf-file";
import { PdfView } from "./pdf-view";
import { useViewTools, ViewToolbar } from "./view-tools";

/**
 * A case's document, fetched as a Blob with the `Ops-Token` header: an image inline from a blob
 * URL (zoom and rotate), a PDF drawn page by page by pdf.js (`openPdf`, loaded on first use; its
 * scripts, links and forms never run), with a link to download the file itself.
 */
export function DocumentView({ document, openPdf = openPdfLazily }: { readonly document: CaseDocument; readonly openPdf?: PdfOpener }) {
  const { t } = useI18n();
  const api = useOpsClient();
  const [file, setFile] = useState<{ readonly url: string; readonly content: Blob } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    let made: string | null = null;
    void readDocument(api, document.url, controller.signal).then((answer) => {
      if (controller.signal.aborted) return;
      if (!answer.ok) {
        setFailed(true);
        return;
      }
      made = URL.createObjectURL(answer.content);
      setFile({ url: made, content: answer.content });
    });
    return () => {
      controller.abort();
      if (made !== null) URL.revokeObjectURL(made);
    };
  }, [api, document.url]);

  const label = `${document.name} (${Math.max(1, Math.round(document.size / 1024))} KB)`;
  return (
    <Stack gap="2" borderWidth="1px" rounded="md" padding="2" minWidth="0">
      <Text fontSize="sm" fontWeight="medium" wordBreak="break-all">
        {label}
      </Text>
      {failed ? (
        <Text color="fg.error" role="alert">
          {t("ops.case.document_failed")}
        </Text>
      ) : file === null ? (
        <Text fontSize="sm" color="fg.muted">
          {t("app.loading")}
        </Text>
      ) : document.contentType === "application/pdf" ? (
        <Stack gap="2">
          <PdfView content={file.content} name={document.name} open={openPdf} />
          <Link href={file.url} download={document.name} fontSize="sm" colorPalette="blue">
            {t("ops.case.download", { name: document.name })}
          </Link>
        </Stack>
      ) : (
        <ImageView url={file.url} name={document.name} />
      )}
    </Stack>
  );
}

function ImageView({ url, name }: { readonly url: string; readonly name: string }) {
  const { t } = useI18n();
  const tools = useViewTools();
  return (
    <Stack gap="2">
      <ViewToolbar tools={tools} label={t("ops.case.image_tools", { name })} />
      {/* Focusable: a zoomed image scrolls, by keyboard too. */}
      <Box overflow="auto" maxHeight="32rem" bg="bg.muted" rounded="sm" tabIndex={0}>
        <Box display="flex" justifyContent="center" alignItems="center" minHeight="12rem" padding="4">
          <img
            src={url}
            alt={name}
            style={{ maxWidth: "100%", transform: `scale(${tools.scale}) rotate(${tools.turns * 90}deg)`, transformOrigin: "center", transition: "transform 0.15s" }}
          />
        </Box>
      </Box>
    </Stack>
  );
}
