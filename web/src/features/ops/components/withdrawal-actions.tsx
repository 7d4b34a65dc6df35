import { Button, Field, HStack, Input, NativeSelect, Stack } from "@chakra-ui/react";
import { useSWRConfig } from "swr";
import { askConfirm } from "@/components/ui/confirm-store";
import { FormError, FormField, FormStack, applyRefusal, useDomainForm } from "@/components/ui/form";
import { useI18n } from "@/lib/i18n";
import type { MessageKey } from "@/lib/locale";
import { useOpsClient } from "../api/ops-provider";
import { WITHDRAWAL_REASONS, isWithdrawalsKey, takeWithdrawalStep, withdrawalSteps, type OpsWithdrawal, type WithdrawalStep } from "../api/withdrawals";

/** The steps that need a form: a reason, or the bank's reference. */
export type WithdrawalFormStep = "reject" | "send" | "return";
const needsForm = (step: WithdrawalStep): step is WithdrawalFormStep => step === "reject" || step === "send" || step === "return";

/** A row's buttons: approve and complete ask first; reject, send and return open their form. */
export function WithdrawalButtons({ withdrawal, onOpen }: { readonly withdrawal: OpsWithdrawal; readonly onOpen: (step: WithdrawalFormStep) => void }) {
  const { t } = useI18n();
  const api = useOpsClient();
  const { mutate } = useSWRConfig();
  const steps = withdrawalSteps(withdrawal.status);
  if (steps.length === 0) return null;
  const take = async (step: "approve" | "complete") => {
    if (!(await askConfirm(t(`ops.withdrawals.${step}_confirm`, { amount: withdrawal.amount, email: withdrawal.user?.email ?? "" })))) return;
    await takeWithdrawalStep(api, withdrawal.id, step);
    await mutate(isWithdrawalsKey);
  };
  return (
    <HStack gap="2" wrap="wrap">
      {steps.map((step) => (
        <Button
          key={step}
          size="xs"
          variant={step === "approve" || step === "complete" ? "solid" : "outline"}
          colorPalette={step === "reject" || step === "return" ? "red" : step === "send" ? "blue" : "green"}
          onClick={() => (needsForm(step) ? onOpen(step) : void take(step))}
          aria-label={t(`ops.withdrawals.${step}_named` as MessageKey, { id: withdrawal.id.slice(0, 8) })}
        >
          {t(`ops.withdrawals.${step}` as MessageKey)}
        </Button>
      ))}
    </HStack>
  );
}

/** Reject or return with a reason (the domain's `PayoutReasonForm`), or send with the bank's reference (`PayoutSentForm`). */
export function WithdrawalStepForm({ withdrawal, step, onDone }: { readonly withdrawal: OpsWithdrawal; readonly step: WithdrawalFormStep; readonly onDone: () => void }) {
  const { t } = useI18n();
  const api = useOpsClient();
  const { mutate } = useSWRConfig();
  const sending = step === "send";
  // Each form checks its own field (`PayoutSentForm` the reference, `PayoutReasonForm` the reason).
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useDomainForm<{ reason: string; reference: string }>({ form: sending ? "payoutSent" : "payoutReason", defaultValues: { reason: "", reference: "" } });
  const submit = handleSubmit(async ({ reason, reference }) => {
    const answer = await takeWithdrawalStep(api, withdrawal.id, step, sending ? { reference } : { reason });
    if (!answer.ok) {
      applyRefusal(setError, answer, [sending ? "reference" : "reason"]);
      return;
    }
    onDone();
    await mutate(isWithdrawalsKey);
  });
  const title = t(`ops.withdrawals.${step}_named` as MessageKey, { id: withdrawal.id.slice(0, 8) });
  return (
    <FormStack label={title} onSubmit={submit}>
      <Stack direction={{ base: "column", md: "row" }} gap="3" align={{ base: "stretch", md: "end" }}>
        {sending ? (
          <FormField label={t("ops.withdrawals.reference")} error={errors.reference} required>
            <Input {...register("reference")} autoComplete="off" />
          </FormField>
        ) : (
          <Field.Root invalid={errors.reason !== undefined} required>
            <Field.Label>
              {t("ops.field.reason")}
              <Field.RequiredIndicator />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field {...register("reason")}>
                <option value="">{t("ops.field.reason_choose")}</option>
                {WITHDRAWAL_REASONS.map((code) => (
                  <option key={code} value={code}>
                    {t(`withdrawal_reason.${code}` as MessageKey)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{errors.reason?.message}</Field.ErrorText>
          </Field.Root>
        )}
        <HStack gap="2" flexShrink={0}>
          <Button type="submit" size="sm" colorPalette={sending ? "blue" : "red"} loading={isSubmitting}>
            {t(`ops.withdrawals.${step}` as MessageKey)}
          </Button>
          <Button size="sm" variant="ghost" onClick={onDone}>
            {t("ops.wires.cancel")}
          </Button>
        </HStack>
      </Stack>
      <FormError error={errors.root} />
    </FormStack>
  );
}
