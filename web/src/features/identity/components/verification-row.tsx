import { Badge, Box, Button, HStack, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import type { Schema } from "@/lib/api-schema";
import { useLoadedDomain } from "@/lib/domain";
import { useI18n } from "@/lib/i18n";
import type { MessageKey } from "@/lib/locale";
import { fieldLabel } from "./field-labels";

export type IdentityStatus = Schema<"IdentityStatus">;
export type VerificationRejection = Schema<"VerificationRejection">;

const PALETTE: Readonly<Record<IdentityStatus, string>> = { 0: "gray", 1: "green", 2: "orange", 3: "red" };

export interface VerificationRowProps {
  /** The anchor of SPEC §2 (`basic`, `investor`, `AML`, `QI`). */
  readonly id: string;
  readonly title: string;
  readonly detail: string;
  readonly status: IdentityStatus;
  /** The newest attempt's rejection, when the verification is rejected. */
  readonly rejection?: VerificationRejection;
  /** Why the row cannot start yet (a gate before it is closed); shown instead of its button. */
  readonly closedBecause?: string;
  /** The button's text and what it does; none for a verification in review or approved. */
  readonly action?: { readonly label: string; readonly onClick: () => void };
}

/**
 * One verification of the Profile page (SPEC §4): its state (approved mark, in-review badge,
 * rejected with the operator's messages, one per line), and its button or why it is closed.
 */
export function VerificationRow({ id, title, detail, status, rejection, closedBecause, action }: VerificationRowProps) {
  const { t } = useI18n();
  const domain = useLoadedDomain();
  const statusKey = domain?.labelKey("identityStatus", status);
  const final = rejection?.kind === "final";
  let side: ReactNode = null;
  if (closedBecause) {
    side = (
      <Text color="fg.muted" fontSize="sm" maxWidth="xs" textAlign={{ base: "start", md: "end" }}>
        {closedBecause}
      </Text>
    );
  } else if (action && !final) {
    side = (
      <Button size="sm" colorPalette="teal" variant={status === 1 ? "outline" : "solid"} onClick={action.onClick}>
        {action.label}
      </Button>
    );
  }
  return (
    <Stack as="li" id={id} scrollMarginTop="24" direction={{ base: "column", md: "row" }} justify="space-between" gap="3">
      <Stack gap="1" flex="1" minWidth="0">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="semibold">{title}</Text>
          <Badge colorPalette={PALETTE[status]} aria-label={statusKey ? `${title}: ${t(statusKey as MessageKey)}` : undefined}>
            {status === 1 && <CheckMark />}
            {statusKey ? t(statusKey as MessageKey) : "…"}
          </Badge>
        </HStack>
        <Text color="fg.muted" fontSize="sm">
          {detail}
        </Text>
        {status === 3 && rejection && <RejectionNotes rejection={rejection} />}
      </Stack>
      {side && <Box flexShrink={0}>{side}</Box>}
    </Stack>
  );
}

/** The operator's reasons, item by item, each message split into its lines (SPEC §4). */
function RejectionNotes({ rejection }: { readonly rejection: VerificationRejection }) {
  const { t } = useI18n();
  return (
    <Box borderLeftWidth="3px" borderColor="red.solid" paddingLeft="3" marginTop="1">
      <Text fontSize="sm" fontWeight="medium" color="fg.error">
        {t(rejection.kind === "final" ? "identity.rejected_final" : "identity.rejected_retry")}
      </Text>
      <Stack as="ul" gap="1" marginTop="1" listStyleType="none">
        {rejection.items.map((item, index) => (
          // Items have no id of their own; their order is the operator's and never changes.
          <li key={index}>
            <Text fontSize="sm">
              {item.field && <Text as="span" fontWeight="medium">{`${fieldLabel(t, item.field)}: `}</Text>}
              {t(`rejection_reason.${item.reason}` as MessageKey)}
            </Text>
            {item.message
              .split("\n")
              .filter((line) => line.trim() !== "")
              .map((line, lineIndex) => (
                <Text key={lineIndex} fontSize="sm" color="fg.muted">
                  {line}
                </Text>
              ))}
          </li>
        ))}
      </Stack>
    </Box>
  );
}

function CheckMark() {
  return (
    <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12" fill="none">
      <path d="M2 6.5 4.8 9 10 3" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
