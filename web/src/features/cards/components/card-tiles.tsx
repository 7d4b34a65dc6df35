import { Box, chakra, HStack, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useI18n } from "@/lib/i18n";
import type { Card } from "../api/get-cards";
import { CardStatusBadge } from "./card-status-badge";
import type { CardFormat } from "./use-card-format";

export interface CardTilesProps {
  readonly cards: readonly Card[];
  /** How the domain writes the status and the balance; placeholders of their size until then. */
  readonly format: CardFormat | undefined;
  readonly onOpen: (card: Card) => void;
}

/** The card list on mobile: a tile per card, its masked number the button that opens its details. */
export function CardTiles({ cards, format, onOpen }: CardTilesProps) {
  const { t } = useI18n();
  return (
    <Stack as="ul" gap="3" listStyleType="none" aria-label={t("card.list_title")}>
      {cards.map((card) => (
        // The masked number is the tile's button, stretched over the whole tile: a tap anywhere
        // opens the card, and the button's name is the text it shows (WCAG 2.5.3).
        <Box
          as="li"
          key={card.cardKey}
          position="relative"
          borderWidth="1px"
          rounded="lg"
          padding="4"
          bg="bg.panel"
          _hover={{ bg: "bg.subtle" }}
        >
          <HStack justify="space-between" align="start">
            <Text fontWeight="semibold">{card.orgName}</Text>
            <CardStatusBadge status={card.cardStatus} format={format} />
          </HStack>
          <chakra.button
            type="button"
            display="block"
            fontSize="lg"
            fontVariantNumeric="tabular-nums"
            letterSpacing="wide"
            marginY="2"
            textAlign="start"
            cursor="pointer"
            outline="none"
            aria-haspopup="dialog"
            onClick={() => onOpen(card)}
            _after={{ content: '""', position: "absolute", inset: "0", rounded: "lg" }}
            _focusVisible={{ _after: { outline: "2px solid", outlineColor: "teal.focusRing", outlineOffset: "2px" } }}
          >
            {card.maskCardNo}
          </chakra.button>
          <HStack justify="space-between" color="fg.muted" fontSize="sm">
            <Text>{t("card.column.balance")}</Text>
            <Skeleton loading={format === undefined} asChild>
              <Text color="fg" fontWeight="semibold" fontVariantNumeric="tabular-nums">
                {format ? format.money(card.cardBalance, card.currency) : `${card.cardBalance} ${card.currency}`}
              </Text>
            </Skeleton>
          </HStack>
        </Box>
      ))}
    </Stack>
  );
}
