import { Button, Field, HStack, Input, NativeSelect, Stack } from "@chakra-ui/react";
import { useSWRConfig } from "swr";
import { askConfirm } from "@/components/ui/confirm-store";
import { FormError, FormField, FormStack, applyRefusal, useDomainForm } from "@/components/ui/form";
import { useI18n } from "@/lib/i18n";
import type { MessageKey } from "@/lib/locale";
import { WIRE_RETURN_REASONS, approveWire, assignWire, isWiresKey, returnWire, type WireReceipt } from "../api/wires";
import { useOpsClient } from "../api/ops-provider";

/** The step a row's form is open for. */
export type WireStep = "assign" | "return";

/** The steps a receipt's status allows (the server refuses any other with 409). */
export const wireSteps = (status: string) => ({
  assign: status === "unmatched",
  approve: status === "pending_approval",
  return: status === "unmatched" || status === "pending_approval",
});

/** A row's buttons: assign and return open their form, approve asks first. */
export function WireButtons({ wire, onOpen }: { readonly wire: WireReceipt; readonly onOpen: (step: WireStep) => void }) {
  const { t } = useI18n();
  const api = useOpsClient();
  const { mutate } = useSWRConfig();
  const steps = wireSteps(wire.status);
  const approve = async () => {
    const confirmed = await askConfirm(t("ops.wires.approve_confirm", { amount: wire.amount, reference: wire.reference, email: wire.user?.email ?? "" }));
    if (!confirmed) return;
    await approveWire(api, wire.id);
    await mutate(isWiresKey);
  };
  if (!steps.assign && !steps.approve && !steps.return) return null;
  return (
    <HStack gap="2" wrap="wrap">
      {steps.assign && (
        <Button size="xs" variant="outline" onClick={() => onOpen("assign")} aria-label={t("ops.wires.assign_named", { reference: wire.reference })}>
          {t("ops.wires.assign")}
        </Button>
      )}
      {steps.approve && (
        <Button size="xs" colorPalette="green" onClick={() => void approve()}>
          {t("ops.wires.approve")}
        </Button>
      )}
      {steps.return && (
        <Button size="xs" variant="outline" colorPalette="red" onClick={() => onOpen("return")} aria-label={t("ops.wires.return_named", { reference: wire.reference })}>
          {t("ops.wires.return")}
        </Button>
      )}
    </HStack>
  );
}

interface StepProps {
  readonly wire: WireReceipt;
  readonly onDone: () => void;
}

/** Assign an unmatched wire to a user by e-mail (the domain's `WireAssignForm`). */
export function WireAssignForm({ wire, onDone }: StepProps) {
  const { t } = useI18n();
  const api = useOpsClient();
  const { mutate } = useSWRConfig();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useDomainForm<{ email: string }>({ form: "wireAssign", defaultValues: { email: "" } });
  const submit = handleSubmit(async (values) => {
    const answer = await assignWire(api, wire.id, values);
    if (!answer.ok) {
      applyRefusal(setError, answer, ["email"]);
      return;
    }
    onDone();
    await mutate(isWiresKey);
  });
  return (
    <FormStack label={t("ops.wires.assign_named", { reference: wire.reference })} onSubmit={submit}>
      <Stack direction={{ base: "column", md: "row" }} gap="3" align={{ base: "stretch", md: "end" }}>
        <FormField label={t("ops.wires.assign_email")} error={errors.email} required>
          <Input {...register("email")} type="email" autoComplete="off" />
        </FormField>
        <StepButtons submit={t("ops.wires.assign_submit")} busy={isSubmitting} onCancel={onDone} />
      </Stack>
      <FormError error={errors.root} />
    </FormStack>
  );
}

/** Send a wire back with a reason (the domain's `WireReturnForm`). */
export function WireReturnForm({ wire, onDone }: StepProps) {
  const { t } = useI18n();
  const api = useOpsClient();
  const { mutate } = useSWRConfig();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useDomainForm<{ reason: string }>({ form: "wireReturn", defaultValues: { reason: "" } });
  const submit = handleSubmit(async (values) => {
    const answer = await returnWire(api, wire.id, values);
    if (!answer.ok) {
      applyRefusal(setError, answer, ["reason"]);
      return;
    }
    onDone();
    await mutate(isWiresKey);
  });
  return (
    <FormStack label={t("ops.wires.return_named", { reference: wire.reference })} onSubmit={submit}>
      <Stack direction={{ base: "column", md: "row" }} gap="3" align={{ base: "stretch", md: "end" }}>
        <Field.Root invalid={errors.reason !== undefined} required>
          <Field.Label>
            {t("ops.field.reason")}
            <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field {...register("reason")}>
              <option value="">{t("ops.field.reason_choose")}</option>
              {WIRE_RETURN_REASONS.map((code) => (
                <option key={code} value={code}>
                  {t(`ops.wire_return_reason.${code}` as MessageKey)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.ErrorText>{errors.reason?.message}</Field.ErrorText>
        </Field.Root>
        <StepButtons submit={t("ops.wires.return_submit")} busy={isSubmitting} onCancel={onDone} danger />
      </Stack>
      <FormError error={errors.root} />
    </FormStack>
  );
}

function StepButtons({ submit, busy, onCancel, danger = false }: { readonly submit: string; readonly busy: boolean; readonly onCancel: () => void; readonly danger?: boolean }) {
  const { t } = useI18n();
  return (
    <HStack gap="2" flexShrink={0}>
      <Button type="submit" size="sm" colorPalette={danger ? "red" : "blue"} loading={busy}>
        {submit}
      </Button>
      <Button size="sm" variant="ghost" onClick={onCancel}>
        {t("ops.wires.cancel")}
      </Button>
    </HStack>
  );
}
