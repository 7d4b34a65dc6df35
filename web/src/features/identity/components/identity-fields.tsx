import { Box, Button, Checkbox, Fieldset, HStack, Input, Stack, Tag, Text, Wrap } from "@chakra-ui/react";
import { useDeferredValue, useMemo, useState } from "react";
import { Controller, type Control, type FieldError, type FieldValues, type Path, type UseFormRegister } from "react-hook-form";
import { CountrySelect, FormField } from "@/components/ui/form";
import { countryName, flagOf, searchCountries, useCountries, type Country } from "@/lib/countries";
import { useI18n } from "@/lib/i18n";
import type { MessageKey } from "@/lib/locale";
import type { VerificationRejection } from "./verification-row";
import { fieldLabel } from "./field-labels";
import { UploadField } from "./upload-field";

/** What the operator said of each rejected field (API name → the reason's text), for the retry. */
export type RejectedFields = ReadonlyMap<string, string>;

export function rejectedFields(rejection: VerificationRejection | undefined, t: (key: MessageKey) => string): RejectedFields {
  const fields = new Map<string, string>();
  for (const item of rejection?.items ?? []) {
    if (item.field) fields.set(item.field, t(`rejection_reason.${item.reason}` as MessageKey));
  }
  return fields;
}

/** Under a field the operator rejected: why, and that it must change before resubmitting. */
function rejectedHint(t: (key: MessageKey, params?: Record<string, string>) => string, reason: string | undefined) {
  return reason ? t("identity.rejected_field", { reason }) : undefined;
}

interface FieldProps<T extends FieldValues> {
  readonly name: Path<T>;
  readonly error?: FieldError;
  readonly rejected?: RejectedFields;
  readonly required?: boolean;
}

/** A text field of an identity form, labelled by the catalogue (`identity.field.<name>`). */
export function TextField<T extends FieldValues>({
  name,
  register,
  error,
  rejected,
  required = true,
  type = "text",
  autoComplete,
}: FieldProps<T> & {
  readonly register: UseFormRegister<T>;
  readonly type?: "text" | "date";
  readonly autoComplete?: string;
}) {
  const { t } = useI18n();
  return (
    <FormField label={fieldLabel(t, name)} error={error} required={required} helperText={rejectedHint(t, rejected?.get(name))}>
      <Input {...register(name)} type={type} autoComplete={autoComplete} />
    </FormField>
  );
}

/** One country, from the server's list, by name in the user's language. */
export function CountryField<T extends FieldValues>({
  name,
  register,
  error,
  rejected,
}: FieldProps<T> & { readonly register: UseFormRegister<T> }) {
  const { t } = useI18n();
  return (
    <FormField label={fieldLabel(t, name)} error={error} required helperText={rejectedHint(t, rejected?.get(name))}>
      <CountrySelect {...register(name)} placeholder={t("identity.choose_country")} />
    </FormField>
  );
}

/**
 * Several countries (a company's jurisdictions, where it operates): a searchable list of
 * checkboxes, the chosen ones shown above it as tags that can be removed.
 */
export function CountriesField<T extends FieldValues>({ name, control, error, rejected }: FieldProps<T> & { readonly control: Control<T> }) {
  const { t, locale } = useI18n();
  const { data: countries } = useCountries();
  const [query, setQuery] = useState("");
  const deferred = useDeferredValue(query);
  const found = useMemo(
    () => [...searchCountries(countries ?? [], deferred)].sort((a, b) => countryName(a, locale).localeCompare(countryName(b, locale), locale)),
    [countries, deferred, locale],
  );
  const label = fieldLabel(t, name);
  const byCode = (code: string): Country | undefined => countries?.find((c) => c.code === code);
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => {
        const chosen: string[] = Array.isArray(field.value) ? (field.value as string[]) : [];
        const toggle = (code: string, on: boolean) =>
          field.onChange(on ? [...chosen, code] : chosen.filter((c) => c !== code));
        const hint = rejectedHint(t, rejected?.get(name));
        return (
          // A fieldset, not a Field: a Field hands its one control id to every checkbox in it.
          <Fieldset.Root invalid={error !== undefined}>
            <Fieldset.Legend fontWeight="medium" fontSize="sm">
              {label}
              <Text as="span" color="fg.error" aria-hidden="true">
                {" *"}
              </Text>
            </Fieldset.Legend>
            {chosen.length > 0 && (
              <Wrap gap="2">
                {chosen.map((code) => {
                  const country = byCode(code);
                  const shown = country ? `${flagOf(code)} ${countryName(country, locale)}` : code;
                  return (
                    <Tag.Root key={code} size="lg" colorPalette="teal">
                      <Tag.Label>{shown}</Tag.Label>
                      <Tag.EndElement>
                        <Tag.CloseTrigger aria-label={t("identity.remove_item", { name: shown })} onClick={() => toggle(code, false)} />
                      </Tag.EndElement>
                    </Tag.Root>
                  );
                })}
              </Wrap>
            )}
            <Input
              aria-label={t("identity.search_country", { field: label })}
              placeholder={t("identity.search_country", { field: label })}
              value={query}
              onChange={(event) => setQuery(event.currentTarget.value)}
              onBlur={field.onBlur}
            />
            <Box maxHeight="48" overflowY="auto" borderWidth="1px" borderRadius="md" padding="2" width="full">
              <Stack gap="1">
                {found.map((country) => (
                  <Checkbox.Root
                    colorPalette="teal"
                    key={country.code}
                    size="sm"
                    checked={chosen.includes(country.code)}
                    onCheckedChange={({ checked }) => toggle(country.code, checked === true)}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>
                      {flagOf(country.code)} {countryName(country, locale)}
                    </Checkbox.Label>
                  </Checkbox.Root>
                ))}
                {found.length === 0 && <Text color="fg.muted">{t("security.mobile.no_country")}</Text>}
              </Stack>
            </Box>
            {hint && <Fieldset.HelperText>{hint}</Fieldset.HelperText>}
            <Fieldset.ErrorText>{error?.message}</Fieldset.ErrorText>
          </Fieldset.Root>
        );
      }}
    />
  );
}

/**
 * Several people's names (a company's directors): one text box each, another added on demand,
 * any removed; the list is what the form holds.
 */
export function NamesField<T extends FieldValues>({ name, control, error, rejected }: FieldProps<T> & { readonly control: Control<T> }) {
  const { t } = useI18n();
  const label = fieldLabel(t, name);
  const hint = rejectedHint(t, rejected?.get(name));
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => {
        const names: string[] = Array.isArray(field.value) && field.value.length > 0 ? (field.value as string[]) : [""];
        const change = (next: string[]) => field.onChange(next);
        return (
          <Fieldset.Root invalid={error !== undefined}>
            <Fieldset.Legend fontWeight="medium" fontSize="sm">
              {label}
              <Text as="span" color="fg.error" aria-hidden="true">
                {" *"}
              </Text>
            </Fieldset.Legend>
            <Stack gap="2">
              {names.map((person, index) => (
                // The boxes have no identity but their place in the list.
                <HStack key={index} gap="2">
                  <Input
                    aria-label={t("identity.person_n", { field: label, n: index + 1 })}
                    value={person}
                    autoComplete="off"
                    onChange={(event) => change(names.map((old, i) => (i === index ? event.currentTarget.value : old)))}
                    onBlur={field.onBlur}
                  />
                  {names.length > 1 && (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={t("identity.remove_item", { name: person || t("identity.person_n", { field: label, n: index + 1 }) })}
                      onClick={() => change(names.filter((_, i) => i !== index))}
                    >
                      ✕
                    </Button>
                  )}
                </HStack>
              ))}
            </Stack>
            <Button variant="outline" size="sm" alignSelf="start" onClick={() => change([...names, ""])}>
              {t("identity.add_person")}
            </Button>
            {hint && <Fieldset.HelperText>{hint}</Fieldset.HelperText>}
            <Fieldset.ErrorText>{error?.message}</Fieldset.ErrorText>
          </Fieldset.Root>
        );
      }}
    />
  );
}

/** A document (SPEC §5 "File upload"): its references joined by commas, checked before sending. */
export function DocumentField<T extends FieldValues>({
  name,
  control,
  error,
  rejected,
  required = true,
  helperText,
  names,
}: FieldProps<T> & {
  readonly control: Control<T>;
  readonly helperText?: string;
  /** The saved draft's file names, by reference. */
  readonly names?: Readonly<Record<string, string>>;
}) {
  const { t } = useI18n();
  const hint = rejectedHint(t, rejected?.get(name));
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <UploadField
          name={name}
          label={fieldLabel(t, name)}
          helperText={[helperText, hint].filter(Boolean).join(" ") || undefined}
          required={required}
          value={typeof field.value === "string" ? field.value : ""}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={error}
          names={names}
        />
      )}
    />
  );
}
