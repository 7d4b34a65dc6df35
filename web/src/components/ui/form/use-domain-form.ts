import type { FormName } from "domain-wasm";
import { useEffect, useMemo, useRef } from "react";
import {
  useForm,
  type FieldValues,
  type Path,
  type UseFormProps,
  type UseFormReturn,
} from "react-hook-form";
import { useI18n } from "@/lib/i18n";
import { domainResolver } from "./domain-resolver";

export interface UseDomainFormOptions<T extends FieldValues>
  extends Omit<UseFormProps<T>, "resolver"> {
  /** The domain validator that checks this form. */
  readonly form: FormName;
  /**
   * Outside facts the validator needs, read at each check (e.g. the available balance).
   * Pass a stable function (module-level or memoised).
   */
  readonly context?: () => unknown;
}

/**
 * react-hook-form checked by the wasm domain validator. Fields are checked when left, then on
 * every change; when the language changes, the messages shown are re-rendered in it.
 */
export function useDomainForm<T extends FieldValues>({
  form,
  context,
  ...options
}: UseDomainFormOptions<T>): UseFormReturn<T> {
  const resolver = useMemo(() => domainResolver<T>(form, context), [form, context]);
  const methods = useForm<T>({ mode: "onTouched", ...options, resolver });

  const { locale } = useI18n();
  const shownIn = useRef(locale);
  useEffect(() => {
    if (shownIn.current === locale) return;
    shownIn.current = locale;
    const { errors, isSubmitted } = methods.formState;
    if (isSubmitted) {
      void methods.trigger();
      return;
    }
    const names = Object.keys(errors).filter((name) => name !== "root") as Path<T>[];
    if (names.length > 0) void methods.trigger(names);
  }, [locale, methods]);

  return methods;
}
