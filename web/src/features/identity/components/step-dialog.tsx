import { Button, HStack, Progress, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
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
 * A verification dialog of several steps (SPEC §2: basic identity 1/2 and 2/2, investor 3 or 4):
 * where the user is, the step's form, and Back / Next (or Submit) below it, out of the toasts' way.
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
          <Progress.Root value={(step / steps) * 100} size="xs" colorPalette="teal" aria-label={where}>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </Stack>
        {children}
      </Stack>
    </AppDialog>
  );
}
