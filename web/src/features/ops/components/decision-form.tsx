import { Button, Field, NativeSelect, RadioGroup, Stack, Text, Textarea } from "@chakra-ui/react";
import type { ReviewDecisionContext } from "domain-identity";
import { useMemo, useRef } from "react";
import { Controller, useWatch, type Control, type Path, type UseFormSetValue, type UseFormGetValues, type UseFormRegister, type FieldErrors } from "react-hook-form";
import { useSWRConfig } from "swr";
import { FormError, FormStack, useDomainForm } from "@/components/ui/form";
import { useI18n } from "@/lib/i18n";
import type { MessageKey } from "@/lib/locale";
import { REJECTION_REASONS, decideCase } from "../api/decide-case";
import { caseKey, type ReviewCase } from "../api/get-case";
import { useOpsClient } from "../api/ops-provider";
import { CaseItemView } from "./case-item";
import { decisionBody, fieldOf, undecided, type DecisionValues } from "./decision-values";
import { GroupError } from "./group-error";
import { userText } from "./user-texts";

/**
 * The case's items with a decision each (approve, or reject with a reason from the catalogue, a
 * message for the user prefilled from the reason's text in the user's language, and an internal
 * note), retry or final when anything is rejected, and the submit.
 */
export function DecisionForm({ review }: { readonly review: ReviewCase }) {
  const { t } = useI18n();
  const api = useOpsClient();
  const { mutate } = useSWRConfig();
  const fields = useMemo(() => review.items.map((item) => item.field), [review.items]);
  // The rule's context: the case's fields, each decided by exactly one item.
  const context = useMemo(() => {
    const facts: ReviewDecisionContext = { fields };
    return () => facts;
  }, [fields]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useDomainForm<DecisionValues>({ form: "reviewDecision", context, defaultValues: undecided(fields) });
  const items = useWatch({ control, name: "items" });
  const rejecting = items.some((item) => item.decision === "reject");

  const submit = handleSubmit(async (values) => {
    const answer = await decideCase(api, review.caseId, decisionBody(values));
    if (answer.ok) {
      await mutate(caseKey(review.caseId), answer.content, { revalidate: false });
      void mutate((key) => Array.isArray(key) && key[0] === "ops/review/queue");
      return;
    }
    for (const error of answer.fieldErrors) setError(fieldOf(error, fields.length) as Path<DecisionValues>, { type: error.code, message: error.message });
    if (answer.fieldErrors.length === 0 && answer.inForm) setError("root", { type: String(answer.statusCode), message: answer.message });
  });

  return (
    <FormStack label={t("ops.case.decision")} onSubmit={submit}>
      <Stack as="ol" gap="4" padding="0">
        {review.items.map((item, index) => (
          <CaseItemView key={item.field} item={item} id={`ops-item-${index}`}>
            <ItemDecision
              index={index}
              labelId={`ops-item-${index}`}
              userLocale={review.user.locale}
              control={control}
              register={register}
              setValue={setValue}
              getValues={getValues}
              errors={errors}
            />
          </CaseItemView>
        ))}
      </Stack>
      {rejecting && (
        <Stack gap="1.5">
          <Text id="ops-kind" fontWeight="medium" fontSize="sm">
            {t("ops.case.kind")}
          </Text>
          <Controller
            control={control}
            name="kind"
            render={({ field }) => (
              <RadioGroup.Root value={field.value || null} onValueChange={({ value }) => field.onChange(value ?? "")} aria-labelledby="ops-kind" aria-describedby="ops-kind-error" aria-invalid={errors.kind !== undefined}>
                <Stack direction={{ base: "column", md: "row" }} gap="4">
                  {(["retry", "final"] as const).map((kind) => (
                    <RadioGroup.Item key={kind} value={kind}>
                      <RadioGroup.ItemHiddenInput onBlur={field.onBlur} />
                      <RadioGroup.ItemIndicator />
                      <RadioGroup.ItemText>{t(`ops.case.kind_${kind}`)}</RadioGroup.ItemText>
                    </RadioGroup.Item>
                  ))}
                </Stack>
              </RadioGroup.Root>
            )}
          />
          <GroupError id="ops-kind-error" message={errors.kind?.message} />
        </Stack>
      )}
      <FormError error={errors.root} />
      <Stack direction="row" justify="end">
        <Button type="submit" colorPalette="blue" loading={isSubmitting}>
          {t("ops.case.submit")}
        </Button>
      </Stack>
    </FormStack>
  );
}

interface ItemDecisionProps {
  readonly index: number;
  readonly labelId: string;
  readonly userLocale: string;
  readonly control: Control<DecisionValues>;
  readonly register: UseFormRegister<DecisionValues>;
  readonly setValue: UseFormSetValue<DecisionValues>;
  readonly getValues: UseFormGetValues<DecisionValues>;
  readonly errors: FieldErrors<DecisionValues>;
}

function ItemDecision({ index, labelId, userLocale, control, register, setValue, getValues, errors }: ItemDecisionProps) {
  const { t } = useI18n();
  const decision = useWatch({ control, name: `items.${index}.decision` });
  const itemErrors = errors.items?.[index];
  // The message last prefilled: a reason chosen again replaces it, never a message the operator wrote.
  const prefilled = useRef("");
  const chooseReason = async (reason: string) => {
    const text = reason === "" ? "" : await userText(userLocale, `rejection_reason.${reason}` as MessageKey);
    const message = getValues(`items.${index}.message`);
    if (message.trim() === "" || message === prefilled.current) {
      prefilled.current = text;
      setValue(`items.${index}.message`, text, { shouldValidate: message !== "" || text !== "" });
    }
  };
  const reasonField = register(`items.${index}.reason`);
  return (
    <Stack gap="3" borderTopWidth="1px" paddingTop="3">
      <Stack gap="1.5">
        <Controller
          control={control}
          name={`items.${index}.decision`}
          render={({ field }) => (
            <RadioGroup.Root
              value={field.value || null}
              onValueChange={({ value }) => field.onChange(value ?? "")}
              aria-labelledby={labelId}
              aria-describedby={`${labelId}-error`}
              aria-invalid={itemErrors?.decision !== undefined}
              orientation="horizontal"
            >
              <Stack direction="row" gap="5">
                {(["approve", "reject"] as const).map((choice) => (
                  <RadioGroup.Item key={choice} value={choice} colorPalette={choice === "approve" ? "green" : "red"}>
                    <RadioGroup.ItemHiddenInput onBlur={field.onBlur} />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>{t(`ops.case.${choice}`)}</RadioGroup.ItemText>
                  </RadioGroup.Item>
                ))}
              </Stack>
            </RadioGroup.Root>
          )}
        />
        <GroupError id={`${labelId}-error`} message={itemErrors?.decision?.message} />
      </Stack>
      {decision === "reject" && (
        <Stack direction={{ base: "column", lg: "row" }} gap="3" align="start">
          <Field.Root invalid={itemErrors?.reason !== undefined} required flex="1">
            <Field.Label>{t("ops.case.reason")}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                {...reasonField}
                onChange={(event) => {
                  void reasonField.onChange(event);
                  void chooseReason(event.target.value);
                }}
              >
                <option value="">{t("ops.case.reason_choose")}</option>
                {REJECTION_REASONS.map((code) => (
                  <option key={code} value={code}>
                    {t(`rejection_reason.${code}` as MessageKey)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{itemErrors?.reason?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={itemErrors?.message !== undefined} required flex="2">
            <Field.Label>{t("ops.case.message")}</Field.Label>
            <Textarea {...register(`items.${index}.message`)} rows={3} />
            <Field.HelperText>{t("ops.case.message_help", { locale: userLocale })}</Field.HelperText>
            <Field.ErrorText>{itemErrors?.message?.message}</Field.ErrorText>
          </Field.Root>
        </Stack>
      )}
      <Field.Root>
        <Field.Label>{t("ops.case.note")}</Field.Label>
        <Textarea {...register(`items.${index}.note`)} rows={1} />
        <Field.HelperText>{t("ops.case.note_help")}</Field.HelperText>
      </Field.Root>
      {itemErrors?.note && <Text color="fg.error">{itemErrors.note.message}</Text>}
    </Stack>
  );
}
