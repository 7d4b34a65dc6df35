// The step-up verification the API client asks for on a statusCode 103: which factors, why the
// last codes were refused, and where the answer goes. The dialog (loaded when first needed)
// follows this store.
import type { Factors } from "domain-wasm";
import type { VerificationCodes } from "@/components/ui/verification-form";
import { createStore } from "@/lib/store";

export interface VerificationRequest {
  readonly factors: Factors;
  readonly error?: string;
  readonly answer: (codes: VerificationCodes | null) => void;
}

export const verificationRequest = createStore<VerificationRequest | null>(null);

/** Opens the verification dialog for exactly `factors`; resolves the codes, or null on cancel. */
export function askVerification(factors: Factors, error?: string): Promise<VerificationCodes | null> {
  verificationRequest.get()?.answer(null);
  return new Promise((resolve) => {
    verificationRequest.set({
      factors,
      ...(error !== undefined && { error }),
      answer: (codes) => {
        verificationRequest.set(null);
        resolve(codes);
      },
    });
  });
}
