import { Button, Checkbox, CheckboxGroup, Field, Fieldset, HStack, Input, RadioGroup, Stack, Text } from "@chakra-ui/react";
import type { Question } from "domain-identity";
import { useCallback, useId, useMemo, useState, type FormEvent } from "react";
import { Controller, type Control, type FieldError } from "react-hook-form";
import { AppDialog } from "@/components/ui/app-dialog";
import { FormError, FormField, FormStack, useDomainForm } from "@/components/ui/form";
import { PageSpinner } from "@/components/ui/page-spinner";
import { useApiClient } from "@/lib/api-provider";
import { useIdentity } from "@/lib/identity-module";
import { useI18n } from "@/lib/i18n";
import type { MessageKey } from "@/lib/locale";
import { useInvestorDraft } from "../api/investor-identity";
import { answerQuestionnaire, useQuestionnaire, type QuestionnaireName } from "../api/questionnaires";
import { listOf, showRefusal, textOf, type DraftAnswers } from "./draft-values";
import { fieldLabel } from "./field-labels";
import type { IdentityDialogProps } from "./basic-identity-dialog";
import { useBusy } from "./step-dialog";

type Values = Record<string, string | string[]>;

/**
 * The AML or the qualified-investor questionnaire (SPEC §2, §5, §9): the domain's questions and
 * answers for the user's investor type, a confirm box, and the answers committed for review. It
 * opens on the last answers given ("view/edit").
 */
export function QuestionnaireDialog({ name, self, onClose, onCommitted }: IdentityDialogProps & { readonly name: QuestionnaireName }) {
  const { t } = useI18n();
  const { data: state, error } = useQuestionnaire(name);
  const { data: investor, error: investorError } = useInvestorDraft();
  const formId = useId();
  const [busy, run] = useBusy();
  const title = t(name === "aml" ? "identity.aml.title" : "identity.qi.title");
  const rejection = self.rejections?.find((r) => r.verification === name);
  const readOnly = state?.status === 2;
  // One dialog from loading to answered: swapping dialogs closed the new one (focus went back to the page).
  return (
    <AppDialog
      title={title}
      onClose={onClose}
      size="lg"
      footer={
        <HStack justify="end" width="full">
          <Button variant="ghost" onClick={onClose}>
            {t("security.cancel")}
          </Button>
          {state && investor && !readOnly && (
            <Button type="submit" form={formId} colorPalette="teal" loading={busy}>
              {t("identity.submit")}
            </Button>
          )}
        </HStack>
      }
    >
      {state && investor ? (
        <QuestionnaireForm
          name={name}
          title={title}
          formId={formId}
          run={run}
          investorType={investor.type ?? 0}
          answers={state.answers}
          readOnly={readOnly}
          rejectedFields={new Set(rejection?.items.map((item) => item.field) ?? [])}
          onClose={onClose}
          onCommitted={onCommitted}
        />
      ) : error || investorError ? (
        <Text color="fg.error">{t("app.load_failed")}</Text>
      ) : (
        <PageSpinner />
      )}
    </AppDialog>
  );
}

function QuestionnaireForm({
  name,
  title,
  formId,
  run,
  investorType,
  answers,
  readOnly,
  rejectedFields,
  onClose,
  onCommitted,
}: {
  readonly name: QuestionnaireName;
  readonly title: string;
  readonly formId: string;
  readonly run: (task: () => Promise<unknown>) => Promise<void>;
  readonly investorType: 0 | 1;
  readonly answers: DraftAnswers;
  readonly readOnly: boolean;
  readonly rejectedFields: ReadonlySet<string>;
  readonly onClose: () => void;
  readonly onCommitted: () => Promise<unknown>;
}) {
  const { t } = useI18n();
  const api = useApiClient();
  const identity = useIdentity();
  const [confirmed, setConfirmed] = useState(false);
  const [confirmError, setConfirmError] = useState<string | undefined>(undefined);
  const audience = investorType === 1 ? "company" : "individual";
  // The questions this investor answers: those with an answer for their type (SPEC §5).
  const questions = useMemo(
    () =>
      (name === "aml" ? identity.amlQuestions() : identity.qiQuestions())
        .map((q) => ({ ...q, choices: q.choices.filter((c) => c.audience === "all" || c.audience === audience) }))
        .filter((q) => q.choices.length > 0),
    [identity, name, audience],
  );
  const context = useCallback(() => ({ investorType }), [investorType]);
  const defaults: Values = Object.fromEntries(questions.map((q) => [q.field, q.multiple ? listOf(answers, q.field) : textOf(answers, q.field)]));
  if (name === "aml") defaults.plannedInvestmentAmount = textOf(answers, "plannedInvestmentAmount");
  const { control, register, handleSubmit, setError, formState } = useDomainForm<Values>({
    form: name === "aml" ? "aml" : "qi",
    context,
    defaultValues: defaults,
  });

  const submit = handleSubmit(async (values) => {
    if (!confirmed) return;
    const answer = await answerQuestionnaire(api, name, values);
    if (!showRefusal(answer, setError, Object.keys(defaults))) return;
    await onCommitted();
    onClose();
  });
  // The confirm box is asked for with the answers' own errors, in one submit.
  const guard = (event: FormEvent<HTMLFormElement>) => {
    if (!confirmed) setConfirmError(t("identity.confirm_required"));
    return run(() => submit(event));
  };

  const hint = (field: string) => (rejectedFields.has(field) ? t("identity.rejected_answer") : undefined);
  return (
    <FormStack id={formId} label={title} onSubmit={guard}>
      {readOnly && <Text color="fg.muted">{t("identity.in_review_read_only")}</Text>}
      <fieldset disabled={readOnly} style={{ display: "contents" }}>
        <Stack gap="5">
          {questions.map((question) => (
            <QuestionField
              key={question.field}
              question={question}
              control={control}
              error={formState.errors[question.field]}
              hint={hint(question.field)}
            />
          ))}
          {name === "aml" && (
            <FormField
              label={fieldLabel(t, "plannedInvestmentAmount")}
              error={formState.errors.plannedInvestmentAmount}
              helperText={hint("plannedInvestmentAmount")}
              required
            >
              <Input {...register("plannedInvestmentAmount")} inputMode="decimal" autoComplete="off" />
            </FormField>
          )}
          <Field.Root invalid={confirmError !== undefined} required>
            <Checkbox.Root
              colorPalette="teal"
              checked={confirmed}
              onCheckedChange={({ checked }) => {
                setConfirmed(checked === true);
                setConfirmError(undefined);
              }}
              alignItems="start"
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t("identity.confirm_answers")}</Checkbox.Label>
            </Checkbox.Root>
            <Field.ErrorText>{confirmError}</Field.ErrorText>
          </Field.Root>
        </Stack>
      </fieldset>
      <FormError error={formState.errors.root} />
    </FormStack>
  );
}

/** One question: checkboxes when several answers may be picked, else radio buttons. */
function QuestionField({
  question,
  control,
  error,
  hint,
}: {
  readonly question: Question;
  readonly control: Control<Values>;
  readonly error?: FieldError;
  readonly hint?: string;
}) {
  const { t } = useI18n();
  const label = fieldLabel(t, question.field);
  const choiceLabel = (code: string) => t(`${question.labelPrefix}.${code}` as MessageKey);
  return (
    <Controller
      name={question.field}
      control={control}
      render={({ field }) => (
        <Fieldset.Root invalid={error !== undefined}>
          <Fieldset.Legend fontWeight="medium">{label}</Fieldset.Legend>
          {hint && <Fieldset.HelperText>{hint}</Fieldset.HelperText>}
          <Fieldset.Content>
            {question.multiple ? (
              <CheckboxGroup
                value={Array.isArray(field.value) ? field.value : []}
                onValueChange={(value) => field.onChange(value)}
                name={question.field}
              >
                <Stack gap="2">
                  {question.choices.map((choice) => (
                    <Checkbox.Root key={choice.code} value={choice.code} onBlur={field.onBlur} colorPalette="teal">
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>{choiceLabel(choice.code)}</Checkbox.Label>
                    </Checkbox.Root>
                  ))}
                </Stack>
              </CheckboxGroup>
            ) : (
              <RadioGroup.Root
                colorPalette="teal"
                value={typeof field.value === "string" && field.value ? field.value : null}
                onValueChange={({ value }) => field.onChange(value)}
                name={question.field}
                aria-label={label}
              >
                <Stack gap="2">
                  {question.choices.map((choice) => (
                    <RadioGroup.Item key={choice.code} value={choice.code} onBlur={field.onBlur}>
                      <RadioGroup.ItemHiddenInput />
                      <RadioGroup.ItemIndicator />
                      <RadioGroup.ItemText>{choiceLabel(choice.code)}</RadioGroup.ItemText>
                    </RadioGroup.Item>
                  ))}
                </Stack>
              </RadioGroup.Root>
            )}
          </Fieldset.Content>
          <Fieldset.ErrorText>{error?.message}</Fieldset.ErrorText>
        </Fieldset.Root>
      )}
    />
  );
}
