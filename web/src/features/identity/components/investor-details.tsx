import { Link, Text } from "@chakra-ui/react";
import { useCallback, useEffect } from "react";
import { Link as RouterLink } from "react-router-dom";
import { applyFieldErrors, FormError, FormStack, useDomainForm } from "@/components/ui/form";
import type { ApiFieldError } from "@/lib/api-client";
import { paths } from "@/config/paths";
import { useApiClient } from "@/lib/api-provider";
import type { Schema } from "@/lib/api-schema";
import { useI18n } from "@/lib/i18n";
import { saveInvestorDraft } from "../api/investor-identity";
import { listOf, showRefusal, textOf, type DraftAnswers } from "./draft-values";
import { CountriesField, DocumentField, NamesField, TextField, type RejectedFields } from "./identity-fields";

type InvestorType = Schema<"InvestorType">;

const INDIVIDUAL = [["accessory", "proofOfAddressImg", "taxFormFile", "usAgencyLicenseFile"]] as const;
const COMPANY_INFO = [
  "companyName",
  "companyId",
  "registerJurisdictions",
  "mainBusinessOperateCountry",
  "businessProperty",
  "registerAddress",
  "directorNames",
] as const;
const COMPANY_DOCUMENTS = [
  "registerCertificateFile",
  "shareholderStructureFile",
  "directorFile",
  "companyRegulationFile",
  "companyStructureFile",
  "shareholderPassportFile",
  "taxFormFile",
  "usAgencyLicenseFile",
  "proofOfAddressImg",
] as const;
const COUNTRY_LISTS: readonly string[] = ["registerJurisdictions", "mainBusinessOperateCountry"];
const LISTS: readonly string[] = [...COUNTRY_LISTS, "directorNames"];
const NONE: readonly string[] = [];

/** The fields of each step between the type and the agreement (SPEC §2 "Investor identity modal"). */
export function investorSteps(type: InvestorType): readonly (readonly string[])[] {
  return type === 1 ? [COMPANY_INFO, COMPANY_DOCUMENTS] : INDIVIDUAL;
}

type Values = Record<string, string | string[]>;

export interface InvestorDetailsProps {
  /** The form's id, which the dialog's Next button submits. */
  readonly formId: string;
  readonly type: InvestorType;
  /** 2 or 3 (the steps between the type and the agreement). */
  readonly step: number;
  readonly run: (task: () => Promise<unknown>) => Promise<void>;
  readonly answers: DraftAnswers;
  /** The saved draft's file names, by reference. */
  readonly names: Readonly<Record<string, string>>;
  /** The basic identity's country: a US resident gives an SSN. */
  readonly basicCountry: string;
  readonly rejected: RejectedFields;
  /** What a commit refused (it checks the whole draft): shown under this step's fields. */
  readonly refused: readonly ApiFieldError[];
  readonly onSaved: () => Promise<void>;
}

/**
 * One step of the investor's details: its fields checked by the domain (the type's whole form,
 * this step's errors shown), then saved as the draft.
 */
export function InvestorDetails({ formId, type, step, run, answers, names, basicCountry, rejected, refused, onSaved }: InvestorDetailsProps) {
  const { t } = useI18n();
  const api = useApiClient();
  const fields = investorSteps(type)[step - 2] ?? NONE;
  const context = useCallback(() => ({ basicCountry }), [basicCountry]);
  const { register, control, trigger, getValues, setError, formState } = useDomainForm<Values>({
    form: type === 1 ? "companyInvestor" : "individualInvestor",
    context: type === 1 ? undefined : context,
    defaultValues: Object.fromEntries(
      [...investorSteps(type).flat()].map((field) => [field, LISTS.includes(field) ? listOf(answers, field) : textOf(answers, field)]),
    ),
  });
  useEffect(() => {
    applyFieldErrors(setError, refused.filter((error) => fields.includes(error.field)), fields);
  }, [refused, fields, setError]);
  const needsSsn = type === 0 && basicCountry === "US";
  const shown = fields.filter((field) => field !== "accessory" || needsSsn);

  // The whole form is checked (the resolver knows no steps); only this step's errors stop it.
  const save = async () => {
    if (!(await trigger(shown))) return;
    const values = getValues();
    const body = Object.fromEntries(shown.map((field) => [field, values[field]]));
    const answer = await saveInvestorDraft(api, { type, ...body });
    if (showRefusal(answer, setError, shown)) await onSaved();
  };

  const { errors } = formState;
  const error = (field: string) => errors[field];
  return (
    <FormStack
      id={formId}
      label={t(type === 1 && step === 2 ? "identity.investor.company_info" : "identity.investor.documents")}
      onSubmit={(event) => {
        event.preventDefault();
        return run(() => save());
      }}
    >
      {type === 1 && step === 3 && <Text fontSize="sm" color="fg.muted">{t("identity.investor.documents_help")}</Text>}
      {shown.map((field) => {
        if (COUNTRY_LISTS.includes(field)) {
          return <CountriesField key={field} name={field} control={control} error={error(field)} rejected={rejected} />;
        }
        if (field === "directorNames") {
          return <NamesField key={field} name={field} control={control} error={error(field)} rejected={rejected} />;
        }
        if (field.endsWith("File") || field.endsWith("Img")) {
          return (
            <DocumentField
              key={field}
              name={field}
              control={control}
              error={error(field)}
              rejected={rejected}
              names={names}
              helperText={field === "taxFormFile" ? t("identity.help.taxFormFile") : undefined}
            />
          );
        }
        return <TextField key={field} name={field} register={register} error={error(field)} rejected={rejected} />;
      })}
      {shown.includes("taxFormFile") && (
        <Text fontSize="sm">
          <Link asChild colorPalette="teal" variant="underline">
            <RouterLink to={paths.docsTaxForms} target="_blank">
              {t("title.tax_forms")}
            </RouterLink>
          </Link>
        </Text>
      )}
      <FormError error={errors.root} />
    </FormStack>
  );
}
