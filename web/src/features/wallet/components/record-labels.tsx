import { Badge, Stack, Text } from "@chakra-ui/react";
import type { MessageKey } from "@/lib/locale";
import type { RecordType, WalletRecord } from "../api/wallet-records";
import type { WalletText } from "./use-wallet-text";

/** The record types, in the order the filter offers them. */
export const RECORD_TYPES: readonly RecordType[] = ["DEPOSIT", "WITHDRAW", "TRANSFER_IN", "TRANSFER_OUT"];

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

/**
 * Whether the user may still cancel the record: a withdrawal not yet sent to the network
 * (submitted or under review, as the domain's `CryptoWithdrawalStatus::cancellable` says; the
 * server refuses the others with its own message).
 */
export function cancellable(record: WalletRecord): boolean {
  return record.type === "WITHDRAW" && (record.status === "SUBMITTED" || record.status === "REVIEWING");
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
