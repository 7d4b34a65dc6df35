import { useEffect, useState } from "react";
import { loadDomain } from "@/lib/domain";

/** The e-mail masked by the domain's rule, once the wasm module is loaded (never suspends). */
export function useMaskedEmail(email: string | undefined): string | undefined {
  const [masked, setMasked] = useState<{ email: string; masked: string } | undefined>();
  useEffect(() => {
    if (email === undefined) return undefined;
    let live = true;
    void loadDomain().then(
      (domain) => live && setMasked({ email, masked: domain.maskEmail(email) }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [email]);
  return masked !== undefined && masked.email === email ? masked.masked : undefined;
}
