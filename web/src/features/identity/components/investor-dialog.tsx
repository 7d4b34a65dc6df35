import { Checkbox, Field, Link, RadioGroup, Stack, Text } from "@chakra-ui/react";
import { useId, useMemo, useState, type ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import { FormStack } from "@/components/ui/form";
import { PageSpinner } from "@/components/ui/page-spinner";
import { paths } from "@/config/paths";
import type { ApiFieldError } from "@/lib/api-client";
import { useApiClient } from "@/lib/api-provider";
import type { Schema } from "@/lib/api-schema";
import { useI18n } from "@/lib/i18n";
import { commitInvestorIdentity, saveInvestorDraft, useInvestorDraft } from "../api/investor-identity";
import type { IdentityDialogProps } from "./basic-identity-dialog";
import { rejectedFields } from "./identity-fields";
import { InvestorDetails, investorSteps } from "./investor-details";
import { StepDialog, useBusy } from "./step-dialog";

type InvestorType = Schema<"InvestorType">;

/**
 * Investor certification (SPEC §2, §5): the type first (individual or company), then that type's
 * steps (individual: details; company: company information, documents), each saved as the draft,
 * and last the agreement, whose ticked box commits the draft for review: 3 steps for an
 * individual, 4 for a company.
 */
export function InvestorDialog({ self, onClose, onCommitted }: IdentityDialogProps) {
  const { t } = useI18n();
  const { data: draft, error, mutate } = useInvestorDraft();
  const api = useApiClient();
  const formId = useId();
  const [step, setStep] = useState(1);
  const [type, setType] = useState<InvestorType | undefined>(undefined);
  const [typeError, setTypeError] = useState<string | undefined>(undefined);
  const [agreed, setAgreed] = useState(false);
  const [agreementError, setAgreementError] = useState<string | undefined>(undefined);
  const [busy, run] = useBusy();
  // A commit's refusal of a field, shown on the step that holds it.
  const [refused, setRefused] = useState<readonly ApiFieldError[]>([]);
  const rejected = useMemo(
    () => rejectedFields(self.rejections?.find((r) => r.verification === "investor"), t),
    [self.rejections, t],
  );
  const chosen = type ?? draft?.type ?? undefined;
  const steps = chosen === 1 ? 4 : 3;
  const title = t("identity.investor.title");

  const saveType = async () => {
    if (chosen === undefined) {
      setTypeError(t("error.required_choice"));
      return;
    }
    const answer = await saveInvestorDraft(api, { type: chosen });
    if (!answer.ok) {
      setTypeError(answer.fieldErrors[0]?.message ?? answer.message);
      return;
    }
    await mutate();
    setStep(2);
  };

  const commit = async () => {
    if (!agreed) {
      setAgreementError(t("identity.agreement_required"));
      return;
    }
    const answer = await commitInvestorIdentity(api);
    if (!answer.ok) {
      // A field the commit refused: back to the step that holds it, where it shows.
      const field = answer.fieldErrors[0]?.field;
      const back = field ? investorSteps(chosen ?? 0).findIndex((fields) => fields.includes(field)) : -1;
      if (back >= 0) {
        await mutate();
        setRefused(answer.fieldErrors);
        setStep(back + 2);
        return;
      }
      setAgreementError(answer.fieldErrors[0]?.message ?? answer.message);
      return;
    }
    await onCommitted();
    onClose();
  };

  const last = step === steps;
  let content: ReactNode = error ? <Text color="fg.error">{t("app.load_failed")}</Text> : <PageSpinner />;
  if (draft && step === 1) {
    content = (
      <FormStack
        id={formId}
        label={t("identity.investor.type")}
        onSubmit={(event) => {
          event.preventDefault();
          return run(saveType);
        }}
      >
        <Field.Root invalid={typeError !== undefined} required>
          <RadioGroup.Root
            colorPalette="teal"
            value={chosen === undefined ? null : String(chosen)}
            onValueChange={({ value }) => {
              setType(value === "1" ? 1 : 0);
              setTypeError(undefined);
            }}
            aria-label={t("identity.investor.type")}
          >
            <Stack gap="3">
              {([0, 1] as const).map((value) => (
                <RadioGroup.Item key={value} value={String(value)} borderWidth="1px" borderRadius="md" padding="3" alignItems="start">
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>
                    <Text fontWeight="semibold">{t(`identity.investor.type_${value}`)}</Text>
                    <Text fontSize="sm" color="fg.muted">
                      {t(`identity.investor.type_${value}_detail`)}
                    </Text>
                  </RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </Stack>
          </RadioGroup.Root>
          <Field.ErrorText>{typeError}</Field.ErrorText>
        </Field.Root>
      </FormStack>
    );
  } else if (draft && !last && chosen !== undefined) {
    content = (
      <InvestorDetails
        key={`${chosen}-${step}`}
        formId={formId}
        type={chosen}
        step={step}
        run={run}
        answers={draft.answers}
        names={draft.files}
        basicCountry={self.country ?? ""}
        rejected={rejected}
        refused={refused}
        onSaved={async () => {
          await mutate();
          setRefused([]);
          setStep(step + 1);
        }}
      />
    );
  } else if (draft) {
    content = (
      <FormStack
        id={formId}
        label={t("identity.investor.agreement")}
        onSubmit={(event) => {
          event.preventDefault();
          return run(commit);
        }}
      >
        <Text>{t(chosen === 1 ? "identity.investor.agreement_company" : "identity.investor.agreement_individual")}</Text>
        <Text fontSize="sm">
          <Link asChild colorPalette="teal" variant="underline">
            <RouterLink to={paths.docsAgreement} target="_blank">
              {t("docs.agreement.title")}
            </RouterLink>
          </Link>
        </Text>
        <Field.Root invalid={agreementError !== undefined} required>
          <Checkbox.Root
            colorPalette="teal"
            checked={agreed}
            onCheckedChange={({ checked }) => {
              setAgreed(checked === true);
              setAgreementError(undefined);
            }}
            alignItems="start"
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t("identity.investor.agree")}</Checkbox.Label>
          </Checkbox.Root>
          <Field.ErrorText>{agreementError}</Field.ErrorText>
        </Field.Root>
      </FormStack>
    );
  }
  return (
    <StepDialog
      title={title}
      step={step}
      steps={steps}
      formId={formId}
      submitLabel={t(last ? "identity.submit" : "identity.next")}
      submitting={busy}
      onBack={step > 1 ? () => setStep(step - 1) : undefined}
      onClose={onClose}
    >
      {content}
    </StepDialog>
  );
}
