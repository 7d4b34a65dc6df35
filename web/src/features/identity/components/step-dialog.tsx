import { Box, Button, HStack, Stack, Text } from "@chakra-ui/react";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { AppDialog } from "@/components/ui/app-dialog";
import { useI18n } from "@/lib/i18n";

export interface StepDialogProps {
  readonly title: string;
  /** 1-based. */
  readonly step: number;
  readonly steps: number;
  /** The form the footer's primary button submits (its `id`). */
  readonly formId: string;
  readonly submitLabel: string;
  readonly submitting: boolean;
  /** Back to the step before (none on the first step). */
  readonly onBack?: () => void;
  readonly onClose: () => void;
  readonly children: ReactNode;
}

/**
 * Whether a step's work (a save, a commit) is under way, for the footer's button, and `run`,
 * which marks it while `task` runs.
 */
export function useBusy(): readonly [boolean, (task: () => Promise<unknown>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);
  const run = useCallback(async (task: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await task();
    } finally {
      if (shown.current) setBusy(false);
    }
  }, []);
  return [busy, run] as const;
}

/**
 * A verification dialog of several steps (SPEC §2: basic identity 1/2 and 2/2, investor 3 or 4):
 * where the user is, the step's form, and Back / Next (or Submit) below it, out of the toasts' way.
 * One dialog for all the steps (mounted once: only its content changes from step to step).
 */
export function StepDialog({ title, step, steps, formId, submitLabel, submitting, onBack, onClose, children }: StepDialogProps) {
  const { t } = useI18n();
  const where = t("identity.step", { step, steps });
  return (
    <AppDialog
      title={title}
      onClose={onClose}
      size="lg"
      footer={
        <HStack justify="space-between" width="full">
          {onBack ? (
            <Button variant="ghost" onClick={onBack} disabled={submitting}>
              {t("identity.back")}
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" form={formId} colorPalette="teal" loading={submitting}>
            {submitLabel}
          </Button>
        </HStack>
      }
    >
      <Stack gap="5">
        <Stack gap="1">
          <Text fontSize="sm" color="fg.muted">
            {where}
          </Text>
          {/* The same as the text above it, drawn: hidden from screen readers. */}
          <Box aria-hidden="true" height="1" borderRadius="full" background="bg.muted">
            <Box height="full" borderRadius="full" background="teal.solid" width={`${(step / steps) * 100}%`} />
          </Box>
        </Stack>
        {children}
      </Stack>
    </AppDialog>
  );
}
