import { Alert, Code, DataList, HStack, Stack } from "@chakra-ui/react";
import { useDomain } from "@/lib/domain";
import { useI18n } from "@/lib/i18n";
import { useViewport } from "@/lib/viewport";
import type { Card } from "../api/get-cards";
import type { CardDetails } from "../api/reveal-card";
import { AppDialog } from "@/components/ui/app-dialog";
import { CopyButton } from "@/components/ui/copy-button";

/**
 * The revealed card details. They come in as props from the opener's state only (never SWR, a
 * cache or storage) and are gone once the dialog closes.
 */
export function CvvDialog({
  card,
  details,
  onClose,
}: {
  readonly card: Card;
  readonly details: CardDetails;
  readonly onClose: () => void;
}) {
  const { t } = useI18n();
  const domain = useDomain();
  const { isMobile } = useViewport();
  const number = t("card.cvv.number");
  return (
    <AppDialog title={t("card.cvv.title_of", { card: card.maskCardNo })} onClose={onClose}>
      <Stack gap="5">
        <DataList.Root orientation={isMobile ? "vertical" : "horizontal"} gap="3">
          <DataList.Item>
            <DataList.ItemLabel minWidth="32">{number}</DataList.ItemLabel>
            <DataList.ItemValue>
              <HStack gap="3" wrap="wrap">
                <Code fontSize="md" letterSpacing="wide" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
                  {domain.groupByFour(details.cardNo)}
                </Code>
                <CopyButton value={details.cardNo} what={number} />
              </HStack>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel minWidth="32">{t("card.cvv.cvv")}</DataList.ItemLabel>
            <DataList.ItemValue>
              <Code fontSize="md">{details.cvv}</Code>
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel minWidth="32">{t("card.cvv.expiry")}</DataList.ItemLabel>
            <DataList.ItemValue>{details.expirationDate}</DataList.ItemValue>
          </DataList.Item>
          {details.billAddress && (
            <DataList.Item>
              <DataList.ItemLabel minWidth="32">{t("card.cvv.address")}</DataList.ItemLabel>
              <DataList.ItemValue whiteSpace="pre-line">{details.billAddress}</DataList.ItemValue>
            </DataList.Item>
          )}
        </DataList.Root>
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{t("card.cvv.note")}</Alert.Title>
        </Alert.Root>
      </Stack>
    </AppDialog>
  );
}
