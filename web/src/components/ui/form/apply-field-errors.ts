import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import type { ApiFieldError, ApiRefusal } from "@/lib/api-client";

/**
 * Shows the server's field errors (statusCode 102) under the form's fields; an error for a
 * field the form does not have (or for the whole form) goes to `root`. Returns whether any was shown.
 */
export function applyFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  errors: readonly ApiFieldError[],
  fields: readonly string[],
): boolean {
  for (const { field, code, message } of errors) {
    const name = fields.includes(field) ? (field as Path<T>) : ("root" as Path<T>);
    setError(name, { type: code, message });
  }
  return errors.length > 0;
}

/**
 * Shows a refusal of a form's `inline` call in the form: its field errors under the fields, any
 * other refusal the form is to show (`inForm`: a wrong current password, too many attempts, an
 * insufficient balance, the network down) as the form's error above its submit button, in the
 * language the server answered in. A refusal the client has shown otherwise (a gate's prompt, the
 * end of the session) or that needs nothing (a cancelled verification) leaves the form as it is.
 */
export function applyRefusal<T extends FieldValues>(
  setError: UseFormSetError<T>,
  refusal: ApiRefusal,
  fields: readonly string[],
): void {
  if (applyFieldErrors(setError, refusal.fieldErrors, fields) || !refusal.inForm) return;
  setError("root", { type: String(refusal.statusCode), message: refusal.message });
}
