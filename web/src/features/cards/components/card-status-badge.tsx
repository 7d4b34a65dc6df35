import { Badge, Skeleton } from "@chakra-ui/react";
import type { CardStatus } from "domain-wasm";
import type { CardFormat } from "./use-card-format";

const PALETTE: Record<CardStatus, string> = {
  normal: "green",
  frozen: "blue",
  expired: "gray",
  cancelled: "red",
};

/**
 * A card's status by the domain catalogue's label; a placeholder of its size until `format` (the
 * wasm module) is there.
 */
export function CardStatusBadge({ status, format }: { readonly status: CardStatus; readonly format: CardFormat | undefined }) {
  return (
    <Skeleton loading={format === undefined} asChild>
      <Badge colorPalette={PALETTE[status]}>{format ? format.label("cardStatus", status) : status}</Badge>
    </Skeleton>
  );
}
