import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import type { ApiFieldError } from "@/lib/api-client";

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
