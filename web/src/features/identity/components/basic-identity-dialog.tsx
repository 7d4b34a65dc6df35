import { Stack, Text } from "@chakra-ui/react";
import { useCallback, useId, useMemo, useState } from "react";
import { FormError, FormStack, useDomainForm } from "@/components/ui/form";
import { PageSpinner } from "@/components/ui/page-spinner";
import { useApiClient } from "@/lib/api-provider";
import { useI18n } from "@/lib/i18n";
import { commitBasicIdentity, saveBasicDraft, useBasicDraft } from "../api/basic-identity";
import { showRefusal, textDefaults, type DraftAnswers } from "./draft-values";
import { CountryField, DocumentField, rejectedFields, TextField, type RejectedFields } from "./identity-fields";
import type { UserSelf } from "./profile-page";
import { StepDialog, useBusy } from "./step-dialog";

const STEP1 = ["firstName", "lastName", "birthday", "country", "province", "city", "address", "postcode"] as const;
const STEP2 = ["idCard", "backImg", "otherImg"] as const;

type Step1Values = Record<(typeof STEP1)[number], string>;
type Step2Values = Record<(typeof STEP2)[number], string>;

export interface IdentityDialogProps {
  readonly self: UserSelf;
  readonly onClose: () => void;
  /** After a commit: the user's states are read again. */
  readonly onCommitted: () => Promise<unknown>;
}

/**
 * Basic identity (SPEC §2, §5): step 1 the personal data (saved as the draft), step 2 the passport
 * number and images (saved, then the whole draft committed for review). It opens on the saved
 * draft, after a rejection on the last attempt's answers with the rejected fields marked.
 */
export function BasicIdentityDialog({ self, onClose, onCommitted }: IdentityDialogProps) {
  const { t } = useI18n();
  const { data: draft, error } = useBasicDraft();
  const formId = useId();
  const [step, setStep] = useState<1 | 2>(1);
  const [busy, run] = useBusy();
  const rejected = useMemo(
    () => rejectedFields(self.rejections?.find((r) => r.verification === "basic"), t),
    [self.rejections, t],
  );
  let content = error ? <Text color="fg.error">{t("app.load_failed")}</Text> : <PageSpinner />;
  if (draft) {
    content = (
      <BasicIdentityForms
        formId={formId}
        step={step}
        onStep={setStep}
        run={run}
        answers={draft.answers}
        names={draft.files}
        rejected={rejected}
        onClose={onClose}
        onCommitted={onCommitted}
      />
    );
  }
  return (
    <StepDialog
      title={t("identity.basic.title")}
      step={step}
      steps={2}
      formId={formId}
      submitLabel={t(step === 1 ? "identity.next" : "identity.submit")}
      submitting={busy}
      onBack={step === 2 ? () => setStep(1) : undefined}
      onClose={onClose}
    >
      {content}
    </StepDialog>
  );
}

/** Today in the user's time zone, as the domain's birthday rule reads it (YYYY-MM-DD). */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function BasicIdentityForms({
  formId,
  step,
  onStep,
  run,
  answers,
  names,
  rejected,
  onClose,
  onCommitted,
}: {
  readonly formId: string;
  readonly step: 1 | 2;
  readonly onStep: (step: 1 | 2) => void;
  readonly run: (task: () => Promise<unknown>) => Promise<void>;
  readonly answers: DraftAnswers;
  readonly names: Readonly<Record<string, string>>;
  readonly rejected: RejectedFields;
  readonly onClose: () => void;
  readonly onCommitted: () => Promise<unknown>;
}) {
  const { t } = useI18n();
  const api = useApiClient();
  const context = useCallback(() => ({ today: today() }), []);
  const personal = useDomainForm<Step1Values>({
    form: "basicIdentityStep1",
    context,
    defaultValues: textDefaults<Step1Values>(answers, STEP1),
  });
  const documents = useDomainForm<Step2Values>({
    form: "basicIdentityStep2",
    defaultValues: textDefaults<Step2Values>(answers, STEP2),
  });

  const savePersonal = personal.handleSubmit(async (values) => {
    const answer = await saveBasicDraft(api, values);
    if (showRefusal(answer, personal.setError, STEP1)) onStep(2);
  });

  // A commit checks the whole draft: an error of step 1 takes the user back there.
  const onStep1 = (field: string, message: string) => {
    if (!(STEP1 as readonly string[]).includes(field)) return false;
    personal.setError(field as keyof Step1Values, { type: "server", message });
    onStep(1);
    return true;
  };

  const submit = documents.handleSubmit(async (values) => {
    const saved = await saveBasicDraft(api, values);
    if (!showRefusal(saved, documents.setError, STEP2)) return;
    const committed = await commitBasicIdentity(api);
    if (!showRefusal(committed, documents.setError, STEP2, onStep1)) return;
    await onCommitted();
    onClose();
  });

  return (
    <>
      {step === 1 ? (
        <FormStack id={formId} label={t("identity.basic.step1")} onSubmit={(event) => run(() => savePersonal(event))}>
          <Stack direction={{ base: "column", md: "row" }} gap="4">
            <TextField name="firstName" register={personal.register} error={personal.formState.errors.firstName} rejected={rejected} autoComplete="given-name" />
            <TextField name="lastName" register={personal.register} error={personal.formState.errors.lastName} rejected={rejected} autoComplete="family-name" />
          </Stack>
          <TextField name="birthday" type="date" register={personal.register} error={personal.formState.errors.birthday} rejected={rejected} autoComplete="bday" />
          <CountryField name="country" register={personal.register} error={personal.formState.errors.country} rejected={rejected} />
          <Stack direction={{ base: "column", md: "row" }} gap="4">
            <TextField name="province" register={personal.register} error={personal.formState.errors.province} rejected={rejected} autoComplete="address-level1" />
            <TextField name="city" register={personal.register} error={personal.formState.errors.city} rejected={rejected} autoComplete="address-level2" />
          </Stack>
          <TextField name="address" register={personal.register} error={personal.formState.errors.address} rejected={rejected} autoComplete="street-address" />
          <TextField name="postcode" register={personal.register} error={personal.formState.errors.postcode} rejected={rejected} required={false} autoComplete="postal-code" />
          <FormError error={personal.formState.errors.root} />
        </FormStack>
      ) : (
        <FormStack id={formId} label={t("identity.basic.step2")} onSubmit={(event) => run(() => submit(event))}>
          <TextField name="idCard" register={documents.register} error={documents.formState.errors.idCard} rejected={rejected} />
          <DocumentField name="backImg" control={documents.control} error={documents.formState.errors.backImg} rejected={rejected} names={names} helperText={t("identity.help.backImg")} />
          <DocumentField name="otherImg" control={documents.control} error={documents.formState.errors.otherImg} rejected={rejected} names={names} helperText={t("identity.help.otherImg")} />
          <FormError error={documents.formState.errors.root} />
        </FormStack>
      )}
    </>
  );
}
