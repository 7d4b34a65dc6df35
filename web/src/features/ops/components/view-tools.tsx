import { Button, HStack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useI18n } from "@/lib/i18n";

/** The zoom levels of a document (1: the width of the view). */
const ZOOMS = [0.5, 0.75, 1, 1.5, 2, 3] as const;
const FIT = ZOOMS.indexOf(1);

/** A document's zoom (a factor of the view's width) and its quarter turns clockwise. */
export function useViewTools() {
  const [zoom, setZoom] = useState(FIT);
  const [turns, setTurns] = useState(0);
  return {
    scale: ZOOMS[zoom] ?? 1,
    turns,
    canZoomOut: zoom > 0,
    canZoomIn: zoom < ZOOMS.length - 1,
    zoomOut: () => setZoom(Math.max(0, zoom - 1)),
    zoomIn: () => setZoom(Math.min(ZOOMS.length - 1, zoom + 1)),
    rotate: () => setTurns((turns + 1) % 4),
  };
}

export type ViewTools = ReturnType<typeof useViewTools>;

/** Zoom out, the zoom, zoom in and rotate; `label` names the group (the document's tools). */
export function ViewToolbar({ tools, label }: { readonly tools: ViewTools; readonly label: string }) {
  const { t } = useI18n();
  return (
    <HStack gap="2" wrap="wrap" role="group" aria-label={label}>
      <Button size="xs" variant="outline" disabled={!tools.canZoomOut} onClick={tools.zoomOut}>
        {t("ops.case.zoom_out")}
      </Button>
      <Text fontSize="xs" aria-live="polite">
        {Math.round(tools.scale * 100)}%
      </Text>
      <Button size="xs" variant="outline" disabled={!tools.canZoomIn} onClick={tools.zoomIn}>
        {t("ops.case.zoom_in")}
      </Button>
      <Button size="xs" variant="outline" onClick={tools.rotate}>
        {t("ops.case.rotate")}
      </Button>
    </HStack>
  );
}
