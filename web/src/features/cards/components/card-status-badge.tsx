import { Badge } from "@chakra-ui/react";
import type { CardStatus } from "domain-wasm";
import { useCardFormat } from "./use-card-format";

const PALETTE: Record<CardStatus, string> = {
  normal: "green",
  frozen: "blue",
  expired: "gray",
  cancelled: "red",
};

/** A card's status by the domain catalogue's label. */
export function CardStatusBadge({ status }: { readonly status: CardStatus }) {
  const format = useCardFormat();
  return <Badge colorPalette={PALETTE[status]}>{format.label("cardStatus", status)}</Badge>;
}
