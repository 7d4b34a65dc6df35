import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import type { ApiResult } from "@/lib/api-client";
import { applyFieldErrors } from "@/components/ui/form";

/** A saved draft's answers as the forms hold them: text fields as text, lists as lists. */
export type DraftAnswers = Readonly<Record<string, unknown>>;

/** The text of `field` in `answers` ("" when absent or not text). */
export function textOf(answers: DraftAnswers | undefined, field: string): string {
  const value = answers?.[field];
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  return "";
}

/** The list of `field` in `answers` ([] when absent). */
export function listOf(answers: DraftAnswers | undefined, field: string): string[] {
  const value = answers?.[field];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

/** Default values for `fields` from a draft: each field's text. */
export function textDefaults<T extends FieldValues>(answers: DraftAnswers | undefined, fields: readonly Path<T>[]): T {
  return Object.fromEntries(fields.map((field) => [field, textOf(answers, field)])) as T;
}

/**
 * Shows a refused call in the form: field errors under their fields (those of another step go to
 * `elsewhere`, which may switch to that step and show them there), anything else as the form's
 * own error in the user's language. Returns whether the call succeeded.
 */
export function showRefusal<T extends FieldValues>(
  answer: ApiResult<unknown>,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  elsewhere?: (field: string, message: string) => boolean,
): boolean {
  if (answer.ok) return true;
  if (answer.fieldErrors.length > 0) {
    const here = answer.fieldErrors.filter((error) => fields.includes(error.field) || !elsewhere?.(error.field, error.message));
    applyFieldErrors(setError, here, fields);
    return false;
  }
  setError("root", { type: String(answer.statusCode), message: answer.message });
  return false;
}
