import type { MessageKey, Translate } from "@/lib/locale";

/** A verification's name (basic, investor, aml, qualify). */
export const verificationLabel = (t: Translate, verification: string, investorType?: string | null) => {
  const name = t(`ops.verification.${verification}` as MessageKey);
  return investorType ? `${name} · ${t(`ops.investor_type.${investorType}` as MessageKey)}` : name;
};

/** A review stage's name (review, second_approval). */
export const stageLabel = (t: Translate, stage: string) => t(`ops.stage.${stage}` as MessageKey);

/** How long ago `since` was, in hours or days ("5 h", "3 d"). */
export function waitingLabel(t: Translate, since: number, now: number): string {
  const hours = Math.max(0, Math.floor((now - since) / 3_600_000));
  return hours < 48 ? t("ops.waiting.hours", { hours }) : t("ops.waiting.days", { days: Math.floor(hours / 24) });
}
