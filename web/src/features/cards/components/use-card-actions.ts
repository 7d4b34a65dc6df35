import { useState } from "react";
import { askConfirm } from "@/components/ui/confirm-store";
import type { ApiResult } from "@/lib/api-client";
import { useApiClient } from "@/lib/api-provider";
import { loadDomain } from "@/lib/domain";
import { useI18n } from "@/lib/i18n";
import { cancelCard } from "../api/cancel-card";
import { freezeCard } from "../api/freeze-card";
import type { Card } from "../api/get-cards";
import { revealCard, type CardDetails } from "../api/reveal-card";
import { unfreezeCard } from "../api/unfreeze-card";
import { cardMoney } from "./use-card-format";

/** What an action runs: a verification or a confirmation may keep it going a while. */
export interface Running {
  readonly cardKey: string;
  readonly action: "freeze" | "unfreeze" | "cancel" | "reveal";
}

export interface CardActions {
  /** The action running, if any; the card's other actions wait for it. */
  readonly busy: Running | null;
  /** One tap and a confirmation: a cardholder who fears for the card is not slowed down. */
  freeze(card: Card): Promise<void>;
  /** Verified by the API client's dialog (statusCode 103). */
  unfreeze(card: Card): Promise<void>;
  /** Confirmed (the balance goes back to the USD account), then verified. */
  cancel(card: Card): Promise<void>;
  /** The card's details after the verification; null when refused or cancelled. */
  reveal(card: Card): Promise<CardDetails | null>;
}

/**
 * The actions on one card. The API client shows the server's message for each (success or
 * refusal); `onChanged` reloads what they change: the list, and after a cancel the USD balance.
 * (It does not wait for the wasm module: the card list that holds it shows while the module
 * loads; the cancel's question reads it when asked, by then long loaded.)
 */
export function useCardActions(onChanged: (balanceToo: boolean) => Promise<unknown>): CardActions {
  const api = useApiClient();
  const { t } = useI18n();
  const [busy, setBusy] = useState<Running | null>(null);

  async function run<T>(
    card: Card,
    action: Running["action"],
    call: () => Promise<ApiResult<T>>,
  ): Promise<ApiResult<T>> {
    setBusy({ cardKey: card.cardKey, action });
    try {
      return await call();
    } finally {
      setBusy(null);
    }
  }

  return {
    busy,
    async freeze(card) {
      if (!(await askConfirm(t("card.freeze_confirm", { card: card.maskCardNo })))) return;
      if ((await run(card, "freeze", () => freezeCard(api, card.cardKey))).ok) await onChanged(false);
    },
    async unfreeze(card) {
      if ((await run(card, "unfreeze", () => unfreezeCard(api, card.cardKey))).ok) await onChanged(false);
    },
    async cancel(card) {
      const question = t("card.cancel_confirm", {
        card: card.maskCardNo,
        amount: cardMoney(await loadDomain(), t, card.cardBalance, card.currency),
      });
      if (!(await askConfirm(question))) return;
      // One key for this confirmed cancel, kept for the retry the verification dialog sends.
      const idempotencyKey = crypto.randomUUID();
      if ((await run(card, "cancel", () => cancelCard(api, card.cardKey, idempotencyKey))).ok) await onChanged(true);
    },
    async reveal(card) {
      const answer = await run(card, "reveal", () => revealCard(api, card.cardKey));
      return answer.ok ? answer.content : null;
    },
  };
}
