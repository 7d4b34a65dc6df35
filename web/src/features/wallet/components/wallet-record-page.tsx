import { Alert, Button, Code, DataList, Heading, HStack, Link, Skeleton, Stack } from "@chakra-ui/react";
import { useState, type ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import { askConfirm } from "@/components/ui/confirm-store";
import { CopyButton } from "@/components/ui/copy-button";
import { LoadFailed } from "@/components/ui/load-failed";
import { exchangeSwapDetail, paths } from "@/config/paths";
import { useApiClient } from "@/lib/api-provider";
import { formatDateTime } from "@/lib/locale";
import { useServerTexts } from "@/lib/server-texts";
import { cancelCryptoWithdrawal, useWalletRecord, type WalletRecord } from "../api/wallet-records";
import { RecordStatus, recordTypeLabel } from "./record-labels";
import { useWalletText, type WalletText } from "./use-wallet-text";

/** A long value (address, transaction id) that wraps anywhere, with Copy. */
function Copyable({ value, what }: { readonly value: string; readonly what: string }) {
  return (
    <HStack gap="2" align="start" minWidth="0">
      <Code wordBreak="break-all" whiteSpace="normal" flex="1">
        {value}
      </Code>
      <CopyButton value={value} what={what} />
    </HStack>
  );
}

/** The record's facts, label and value, in the order a person checks them. */
function facts(record: WalletRecord, reason: string | null, w: WalletText): [string, ReactNode][] {
  const { t, locale } = w;
  const rows: [string, ReactNode | null][] = [
    [t("wallet.record.type"), recordTypeLabel(w, record.type)],
    [t("wallet.record.status"), <RecordStatus key="status" record={record} w={w} />],
    [t("wallet.column.coin"), `${record.coinCode} · ${w.coinName(record.coinCode)}`],
    [t("wallet.record.network"), record.network ? w.networkName(record.network) : null],
    [t("wallet.record.amount"), w.coinAmount(record.amount, record.coinCode)],
    [t("wallet.record.fee"), record.type === "WITHDRAW" || record.type === "SWAP_OUT" ? w.coinAmount(record.fee, record.coinCode) : null],
    [t("wallet.record.address"), record.address ? <Copyable key="address" value={record.address} what={t("wallet.record.address_short")} /> : null],
    [
      t("wallet.record.swap"),
      record.swapId ? (
        <Link key="swap" asChild colorPalette="teal">
          <RouterLink to={exchangeSwapDetail(record.swapId)}>{t("wallet.record.swap_open")}</RouterLink>
        </Link>
      ) : null,
    ],
    [t("wallet.record.memo"), record.memo],
    [t("wallet.record.txid"), record.txid ? <Copyable key="txid" value={record.txid} what={t("wallet.record.txid_short")} /> : null],
    [
      t("wallet.record.confirmations"),
      record.requiredConfirmations > 0
        ? t("wallet.records.confirmations", { count: record.confirmations, required: record.requiredConfirmations })
        : null,
    ],
    [t("wallet.record.reason"), reason],
    [t("wallet.record.created"), formatDateTime(record.createdAt, locale)],
    [t("wallet.record.updated"), formatDateTime(record.updatedAt, locale)],
  ];
  return rows.filter((row): row is [string, ReactNode] => row[1] !== null && row[1] !== "");
}

/**
 * WalletRecordDetail (SPEC §2): one deposit's or withdrawal's record — its state (a deposit's
 * confirmations as they arrive), amount, fee, address, transaction id, reason — and Cancel while
 * a withdrawal can still be cancelled; a swap's leg links to its swap.
 */
export function WalletRecordPage({ id }: { readonly id: string }) {
  const w = useWalletText();
  const { t } = w;
  const api = useApiClient();
  const { data: record, error, mutate } = useWalletRecord(id);
  const [cancelling, setCancelling] = useState(false);

  // Why it was dropped, rejected or failed: the server's catalogue names each reason.
  const reasons = useServerTexts(w.locale, record?.reason != null);
  const reason = record?.reason == null ? null : (reasons?.[`wallet_reason.${record.reason}`] ?? record.reason);

  const cancel = async (r: WalletRecord) => {
    const question = t("wallet.record.cancel_confirm", { amount: w.coinAmount(r.amount, r.coinCode), address: r.address ?? "" });
    if (!(await askConfirm(question))) return;
    setCancelling(true);
    const answer = await cancelCryptoWithdrawal(api, r.id);
    setCancelling(false);
    if (answer.ok) await mutate(answer.content, { revalidate: false });
  };

  let content;
  if (error && !error.refusal.networkError) {
    content = (
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Title>{t("wallet.record.not_found")}</Alert.Title>
      </Alert.Root>
    );
  } else if (error) {
    content = <LoadFailed onRetry={() => void mutate()} />;
  } else if (!record) {
    content = <Skeleton height="64" />;
  } else {
    content = (
      <Stack gap="5">
        <DataList.Root orientation={{ base: "vertical", md: "horizontal" }} gap="3">
          {facts(record, reason, w).map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel minWidth="40">{label}</DataList.ItemLabel>
              <DataList.ItemValue minWidth="0" fontVariantNumeric="tabular-nums">
                {value}
              </DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
        {record.cancellable && (
          <HStack>
            <Button variant="outline" colorPalette="red" loading={cancelling} onClick={() => void cancel(record)}>
              {t("wallet.record.cancel")}
            </Button>
          </HStack>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="xl">
          {t("wallet.record.title")}
        </Heading>
        <Link asChild fontSize="sm" colorPalette="teal" alignSelf="start">
          <RouterLink to={paths.walletRecords}>{t("wallet.record.back")}</RouterLink>
        </Link>
      </Stack>
      {content}
    </Stack>
  );
}
