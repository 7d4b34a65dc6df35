import { Field } from "@chakra-ui/react";
import type { ReactNode } from "react";
import type { FieldError } from "react-hook-form";

export interface FormFieldProps {
  readonly label: string;
  readonly error?: FieldError;
  readonly helperText?: string;
  readonly required?: boolean;
  /** One Chakra input control; Field links it to the label, helper and error text. */
  readonly children: ReactNode;
}

/**
 * A labelled form control with its error: the label is the control's accessible name, the error
 * marks it invalid, is its aria-errormessage and sits in a polite live region.
 */
export function FormField({ label, error, helperText, required, children }: FormFieldProps) {
  return (
    <Field.Root invalid={error !== undefined} required={required}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {children}
      {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
      <Field.ErrorText>{error?.message}</Field.ErrorText>
    </Field.Root>
  );
}
