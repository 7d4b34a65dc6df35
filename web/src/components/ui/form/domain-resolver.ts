import type { FieldError as DomainFieldError, FormName } from "domain-wasm";
import { set, type FieldErrors, type FieldValues, type Resolver } from "react-hook-form";
import { loadDomain, loadMarkets, type Domain, type Markets } from "@/lib/domain";
import type { Identity } from "@/lib/identity-module";
import { translate } from "@/lib/locale";

interface ResolvedError {
  type: string;
  message: string;
  types?: Record<string, string>;
}

/**
 * Turns the domain's field errors into react-hook-form errors: `type` is the domain code,
 * `message` the catalogue text ("error." + code) in the current language; field "" (the whole
 * form) becomes `root`. The first error of a field wins; with criteriaMode "all" every code of a
 * field is kept in `types`.
 */
export function toFormErrors<T extends FieldValues>(
  found: readonly DomainFieldError[],
  keepAll = false,
): FieldErrors<T> {
  const byField = new Map<string, ResolvedError>();
  for (const { field, code, params } of found) {
    const name = field === "" ? "root" : field;
    const message = translate(`error.${code}`, params);
    const existing = byField.get(name);
    if (existing) {
      if (existing.types) existing.types[code] ??= message;
    } else {
      byField.set(name, { type: code, message, ...(keepAll && { types: { [code]: message } }) });
    }
  }
  const errors = {};
  for (const [name, error] of byField) set(errors, name, error);
  return errors;
}

/**
 * The module that checks `form` (the domain's form registry says which), once loaded. (The
 * identity module's loader is imported only for its forms: the other pages' chunks do not list it.)
 */
async function loadFormModule(form: FormName): Promise<Domain | Identity | Markets> {
  const domain = await loadDomain();
  switch (domain.formModule(form)) {
    case "identity":
      return (await import("@/lib/identity-module")).loadIdentity();
    case "markets":
      return loadMarkets();
    default:
      return domain;
  }
}

/**
 * A react-hook-form resolver running the wasm validator of `form` (in the module that checks it:
 * the core module's, the identity module's for the identity forms, or the markets module's for
 * the wallet, exchange and fund forms), the same rules the server checks. `context` supplies the form's outside facts (e.g. the available
 * balance) at each check.
 */
export function domainResolver<T extends FieldValues>(
  form: FormName,
  context?: () => unknown,
): Resolver<T> {
  return async (values, _context, options) => {
    const domain = await loadFormModule(form);
    const found = domain.validate(form, values, context?.() ?? null);
    if (found.length === 0) return { values, errors: {} };
    return { values: {}, errors: toFormErrors<T>(found, options.criteriaMode === "all") };
  };
}
