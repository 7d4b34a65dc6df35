import { useLoadedDomain } from "./domain";

/**
 * The e-mail masked by the domain's rule, once the wasm module is loaded (never suspends). A
 * screen that needs the module for nothing else fetches it when the browser is idle, not while
 * the page's own code and data are on their way (and not at all before there is an e-mail); a
 * module already loaded masks at once.
 */
export function useMaskedEmail(email: string | undefined): string | undefined {
  const domain = useLoadedDomain(email === undefined ? "not-yet" : "when-idle");
  return email !== undefined && domain ? domain.maskEmail(email) : undefined;
}
