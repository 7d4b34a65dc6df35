import { Button } from "@chakra-ui/react";
import type { CardAction } from "domain-wasm";
import { useDomain } from "@/lib/domain";
import { useI18n } from "@/lib/i18n";
import type { MessageKey } from "@/lib/locale";
import type { Card } from "../api/get-cards";
import type { CardActions, Running } from "./use-card-actions";

export interface CardStateActionsProps {
  readonly card: Card;
  readonly actions: CardActions;
  readonly onReveal: () => void;
  readonly size?: "xs" | "md";
  /** In a list of cards, each button's name says which card it acts on. */
  readonly named?: boolean;
}

const BUTTONS: readonly {
  readonly allowed: CardAction;
  readonly running: Running["action"];
  readonly label: MessageKey;
  readonly named: MessageKey;
  readonly danger?: boolean;
}[] = [
  { allowed: "revealDetails", running: "reveal", label: "card.details", named: "card.details_named" },
  { allowed: "freeze", running: "freeze", label: "card.freeze", named: "card.freeze_named" },
  { allowed: "unfreeze", running: "unfreeze", label: "card.unfreeze", named: "card.unfreeze_named" },
  { allowed: "cancel", running: "cancel", label: "card.cancel_card", named: "card.cancel_named", danger: true },
];

/** Card details (CVV), freeze or unfreeze, and cancel: those the card's status allows. */
export function CardStateActions({ card, actions, onReveal, size = "md", named = false }: CardStateActionsProps) {
  const { t } = useI18n();
  const domain = useDomain();
  const busy = actions.busy?.cardKey === card.cardKey;
  const run: Readonly<Record<Running["action"], () => void>> = {
    reveal: onReveal,
    freeze: () => void actions.freeze(card),
    unfreeze: () => void actions.unfreeze(card),
    cancel: () => void actions.cancel(card),
  };
  return BUTTONS.filter((button) => domain.cardAllows(card.cardStatus, button.allowed)).map((button) => (
    <Button
      key={button.running}
      size={size}
      variant="outline"
      colorPalette={button.danger ? "red" : undefined}
      disabled={busy}
      loading={busy && actions.busy?.action === button.running}
      aria-label={named ? t(button.named, { card: card.maskCardNo }) : undefined}
      onClick={run[button.running]}
    >
      {t(button.label)}
    </Button>
  ));
}
