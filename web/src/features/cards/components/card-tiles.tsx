import { Box, HStack, Stack, Text } from "@chakra-ui/react";
import { useI18n } from "@/lib/i18n";
import type { Card } from "../api/get-cards";
import { CardStatusBadge } from "./card-status-badge";
import { useCardFormat } from "./use-card-format";

/** The card list on mobile: a tile per card, named by its masked number; a tap opens its details. */
export function CardTiles({ cards, onOpen }: { readonly cards: readonly Card[]; readonly onOpen: (card: Card) => void }) {
  const { t } = useI18n();
  const format = useCardFormat();
  return (
    <Stack as="ul" gap="3" listStyleType="none" aria-label={t("card.list_title")}>
      {cards.map((card) => (
        <li key={card.cardKey}>
          <Box
            as="button"
            width="full"
            textAlign="start"
            borderWidth="1px"
            rounded="lg"
            padding="4"
            bg="bg.panel"
            cursor="pointer"
            _hover={{ bg: "bg.subtle" }}
            _focusVisible={{ outline: "2px solid", outlineColor: "teal.focusRing", outlineOffset: "2px" }}
            aria-label={card.maskCardNo}
            aria-haspopup="dialog"
            onClick={() => onOpen(card)}
          >
            <HStack justify="space-between" align="start">
              <Text fontWeight="semibold">{card.orgName}</Text>
              <CardStatusBadge status={card.cardStatus} />
            </HStack>
            <Text fontSize="lg" fontVariantNumeric="tabular-nums" letterSpacing="wide" marginY="2">
              {card.maskCardNo}
            </Text>
            <HStack justify="space-between" color="fg.muted" fontSize="sm">
              <Text>{t("card.column.balance")}</Text>
              <Text color="fg" fontWeight="semibold" fontVariantNumeric="tabular-nums">
                {format.money(card.cardBalance, card.currency)}
              </Text>
            </HStack>
          </Box>
        </li>
      ))}
    </Stack>
  );
}
