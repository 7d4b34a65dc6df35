import { Badge, Stack, Text } from "@chakra-ui/react";
import type { MessageKey } from "@/lib/locale";
import type { RecordType, WalletRecord } from "../api/wallet-records";
import type { WalletText } from "./use-wallet-text";

/** The record types, in the order the filter offers them. */
export const RECORD_TYPES: readonly RecordType[] = ["DEPOSIT", "WITHDRAW", "TRANSFER_IN", "TRANSFER_OUT", "SWAP_IN", "SWAP_OUT"];

/** Each state's colour: waiting, under way, arrived, came to nothing. */
const PALETTE: Record<string, string> = {
  PENDING: "orange",
  CONFIRMING: "blue",
  CREDITED: "green",
  DROPPED: "gray",
  SUBMITTED: "orange",
  REVIEWING: "orange",
  BROADCASTING: "blue",
  COMPLETED: "green",
  REJECTED: "red",
  FAILED: "red",
  CANCELLED: "gray",
};

/** A record type's name, from the domain catalogue. */
export function recordTypeLabel(w: WalletText, type: RecordType): string {
  const key = w.domain.labelKey("walletRecordType", type);
  return key === undefined ? type : w.t(key as MessageKey);
}

/** A record's state: its badge, and a deposit's confirmations while they arrive. */
export function RecordStatus({ record, w }: { readonly record: WalletRecord; readonly w: WalletText }) {
  const counting = record.status === "PENDING" || record.status === "CONFIRMING";
  return (
    <Stack gap="1" align="start">
      <Badge colorPalette={PALETTE[record.status] ?? "gray"}>{w.t(record.statusLabelKey as MessageKey)}</Badge>
      {counting && (
        <Text fontSize="xs" color="fg.muted">
          {w.t("wallet.records.confirmations", { count: record.confirmations, required: record.requiredConfirmations })}
        </Text>
      )}
    </Stack>
  );
}
