export { domainResolver, toFormErrors } from "./domain-resolver";
export { FormError } from "./form-error";
export { FormField, type FormFieldProps } from "./form-field";
export { useDomainForm, type UseDomainFormOptions } from "./use-domain-form";
export { applyFieldErrors, applyRefusal } from "./apply-field-errors";
export { FormStack, type FormSubmitHandler } from "./form-stack";
export { CountrySelect } from "./country-select";
