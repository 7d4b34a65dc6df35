import { Box, HStack, IconButton, Image, Stack, Text } from "@chakra-ui/react";
import { useI18n } from "@/lib/i18n";

interface FileRowProps {
  readonly name: string;
  readonly pdf: boolean;
  readonly preview: string | undefined;
  /** On its way (`sent` null: waiting its turn), or null once uploaded. */
  readonly progress: { readonly sent: number | null; readonly total: number } | null;
  readonly onRemove: () => void;
}

/** One kept file: preview or PDF icon, name, progress or "Uploaded", and its remove button. */
export function FileRow({ name, pdf, preview, progress, onRemove }: FileRowProps) {
  const { t } = useI18n();
  const percent = progress?.sent == null ? 0 : Math.round((progress.sent / Math.max(progress.total, 1)) * 100);
  return (
    <HStack as="li" gap="3" borderWidth="1px" borderRadius="md" padding="2" alignItems="center">
      {preview !== undefined && !pdf ? (
        <Image src={preview} alt={t("upload.preview", { name })} boxSize="12" objectFit="cover" borderRadius="sm" />
      ) : (
        <DocumentIcon pdf={pdf} />
      )}
      <Stack gap="1" flex="1" minWidth="0">
        <Text textStyle="sm" truncate title={name}>
          {name}
        </Text>
        {progress === null && (
          <Text textStyle="xs" color="fg.muted">
            {t("upload.uploaded")}
          </Text>
        )}
        {progress !== null && progress.sent === null && (
          <Text textStyle="xs" color="fg.muted">
            {t("upload.waiting")}
          </Text>
        )}
        {progress !== null && progress.sent !== null && (
          <HStack gap="2">
            <Box
              role="progressbar"
              aria-label={t("upload.progress", { name })}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              flex="1"
              height="1.5"
              borderRadius="full"
              bg="bg.emphasized"
              overflow="hidden"
            >
              <Box height="full" width={`${percent}%`} bg="colorPalette.solid" colorPalette="teal" transition="width 0.2s" />
            </Box>
            <Text textStyle="xs" color="fg.muted" minWidth="10" textAlign="end">
              {`${percent}%`}
            </Text>
          </HStack>
        )}
      </Stack>
      <IconButton aria-label={t("upload.remove", { name })} variant="ghost" size="sm" onClick={onRemove}>
        <CrossIcon />
      </IconButton>
    </HStack>
  );
}

/** A page with a folded corner; "PDF" written on it for a PDF. */
function DocumentIcon({ pdf }: { readonly pdf: boolean }) {
  return (
    <Box as="span" color="fg.muted" flexShrink={0}>
      <svg viewBox="0 0 32 40" width="32" height="40" aria-hidden="true">
        <path d="M3 1h18l8 8v30H3z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        <path d="M21 1v8h8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        {pdf && (
          <text x="16" y="30" textAnchor="middle" fontSize="9" fontWeight="700" fill="currentColor">
            PDF
          </text>
        )}
      </svg>
    </Box>
  );
}

function CrossIcon() {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
      <path d="M4 4l8 8M12 4l-8 8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
