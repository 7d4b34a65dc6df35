import { CloseButton, Dialog, Portal } from "@chakra-ui/react";
import { useRef, type ReactNode, type RefObject } from "react";
import { useI18n } from "@/lib/i18n";
import { useModalGuard } from "@/lib/modal-guard";
import { useViewport } from "@/lib/viewport";

export interface AppDialogProps {
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
  readonly footer?: ReactNode;
  /** Width on desktop; on mobile every such dialog fills the screen. */
  readonly size?: "md" | "lg" | "xl";
  /** The body, which scrolls (a list inside may load more when scrolled to its end). */
  readonly bodyRef?: RefObject<HTMLDivElement | null>;
  /**
   * Where focus goes when it opens: its first control (the default), or the dialog itself, for
   * one that is read more than filled in. A field focused at once is left, and checked, by the
   * first tap elsewhere: its error then shows while the finger is down and moves what is under
   * it, so the tap's release lands elsewhere and nothing is pressed.
   */
  readonly focusOnOpen?: "first-control" | "dialog";
}

/**
 * A dialog of the account screens (cards, identity): open while mounted, named by its title, focus kept inside,
 * closed by Escape, its close button or the browser's back button (SPEC §2 guard).
 */
export function AppDialog({ title, onClose, children, footer, size = "md", bodyRef, focusOnOpen = "first-control" }: AppDialogProps) {
  const { t } = useI18n();
  const contentRef = useRef<HTMLDivElement>(null);
  const { isMobile } = useViewport();
  useModalGuard(true, onClose);
  return (
    <Dialog.Root
      open
      placement="center"
      scrollBehavior="inside"
      size={isMobile ? "full" : size}
      {...(focusOnOpen === "dialog" && { initialFocusEl: () => contentRef.current })}
      onOpenChange={({ open }) => {
        if (!open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content ref={contentRef}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body ref={bodyRef} paddingBottom="6">
              {children}
            </Dialog.Body>
            {footer && <Dialog.Footer>{footer}</Dialog.Footer>}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t("app.close")} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
