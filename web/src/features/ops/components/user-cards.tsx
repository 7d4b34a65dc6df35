import { Badge, Button, Card, Field, HStack, NativeSelect, Stack, Text, Textarea } from "@chakra-ui/react";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { FormError, FormStack, applyRefusal, useDomainForm } from "@/components/ui/form";
import { useI18n } from "@/lib/i18n";
import type { MessageKey } from "@/lib/locale";
import { FREEZE_REASONS, setCardFrozen, type OpsCard } from "../api/cards";
import { useOpsClient } from "../api/ops-provider";
import { userKey, type OpsUser } from "../api/users";

/** Which cards the operator may freeze or unfreeze: the card's status machine allows these. */
const canFreeze = (card: OpsCard) => card.status === "normal";
const canUnfreeze = (card: OpsCard) => card.status === "frozen";

/** The user's cards, with freeze and unfreeze (finance) taking a reason and a note. */
export function UserCards({ user, mayAct }: { readonly user: OpsUser; readonly mayAct: boolean }) {
  const { t } = useI18n();
  const [open, setOpen] = useState<string | null>(null);
  if (user.cards.length === 0) return <Text color="fg.muted">{t("ops.user.no_cards")}</Text>;
  return (
    <Stack as="ul" gap="3" listStyleType="none" aria-label={t("ops.user.cards")}>
      {user.cards.map((card) => (
        <Card.Root as="li" key={card.cardKey} size="sm">
          <Card.Body gap="2">
            <Stack direction={{ base: "column", md: "row" }} gap="2" justify="space-between" align={{ md: "center" }}>
              <HStack gap="3" wrap="wrap">
                <Text fontWeight="semibold">•••• {card.last4}</Text>
                <Badge colorPalette={card.status === "normal" ? "green" : card.status === "frozen" ? "blue" : "gray"}>{t(`card_status.${card.status}` as MessageKey)}</Badge>
                <Text fontSize="sm">
                  {card.balance} {card.currency}
                </Text>
                {card.frozenReason && (
                  <Text fontSize="sm" color="fg.muted">
                    {t("ops.user.frozen_reason", { reason: t(`card_freeze_reason.${card.frozenReason}` as MessageKey) })}
                  </Text>
                )}
              </HStack>
              {mayAct && open !== card.cardKey && (canFreeze(card) || canUnfreeze(card)) && (
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette={canFreeze(card) ? "blue" : "green"}
                  onClick={() => setOpen(card.cardKey)}
                  aria-label={t(canFreeze(card) ? "ops.user.freeze_named" : "ops.user.unfreeze_named", { last4: card.last4 })}
                >
                  {t(canFreeze(card) ? "ops.user.freeze" : "ops.user.unfreeze")}
                </Button>
              )}
            </Stack>
            {open === card.cardKey && <FreezeForm user={user} card={card} onDone={() => setOpen(null)} />}
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}

interface FreezeValues {
  reason: string;
  note: string;
}

/** Freeze (or unfreeze) one card: a reason from the catalogue, a note (required with `other`), by the domain's `CardFreezeForm`. */
function FreezeForm({ user, card, onDone }: { readonly user: OpsUser; readonly card: OpsCard; readonly onDone: () => void }) {
  const { t } = useI18n();
  const api = useOpsClient();
  const { mutate } = useSWRConfig();
  const freezing = canFreeze(card);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useDomainForm<FreezeValues>({ form: "cardFreeze", defaultValues: { reason: "", note: "" } });
  const submit = handleSubmit(async (values) => {
    const answer = await setCardFrozen(api, card.cardKey, freezing, values);
    if (!answer.ok) {
      applyRefusal(setError, answer, ["reason", "note"]);
      return;
    }
    const changed = answer.content;
    await mutate(userKey(user.id), { ...user, cards: user.cards.map((one) => (one.cardKey === changed.cardKey ? changed : one)) }, { revalidate: true });
    onDone();
  });
  const title = t(freezing ? "ops.user.freeze_named" : "ops.user.unfreeze_named", { last4: card.last4 });
  return (
    <FormStack label={title} onSubmit={submit}>
      <Stack direction={{ base: "column", md: "row" }} gap="3" align="start">
        <Field.Root invalid={errors.reason !== undefined} required flex="1">
          <Field.Label>
            {t("ops.field.reason")}
            <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field {...register("reason")}>
              <option value="">{t("ops.field.reason_choose")}</option>
              {FREEZE_REASONS.map((code) => (
                <option key={code} value={code}>
                  {t(`card_freeze_reason.${code}` as MessageKey)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{errors.reason?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={errors.note !== undefined} flex="2">
          <Field.Label>{t("ops.field.note")}</Field.Label>
          <Textarea {...register("note")} rows={2} />
          <Field.HelperText>{t("ops.user.note_help")}</Field.HelperText>
          <Field.ErrorText>{errors.note?.message}</Field.ErrorText>
        </Field.Root>
      </Stack>
      <FormError error={errors.root} />
      <HStack gap="2">
        <Button type="submit" size="sm" colorPalette={freezing ? "blue" : "green"} loading={isSubmitting}>
          {t(freezing ? "ops.user.freeze" : "ops.user.unfreeze")}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          {t("ops.wires.cancel")}
        </Button>
      </HStack>
    </FormStack>
  );
}
