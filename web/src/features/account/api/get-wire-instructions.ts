import { useApi, type ApiKey } from "@/lib/api-provider";

/**
 * `GET account/deposit/wire`: where to wire USD to fund the USD account. `memo` is the user's uid,
 * which tells the operator whose wire it is.
 */
export interface WireInstructions {
  readonly bankName: string;
  /** ISO 3166-1 alpha-2. */
  readonly bankCountry: string;
  readonly bankAddress: string;
  readonly abaNumber: string;
  readonly swiftCode: string;
  readonly accountNumber: string;
  readonly accountName: string;
  readonly accountAddress: string;
  readonly memo: string;
  readonly currency: string;
}

export const wireInstructionsKey: ApiKey = ["account/deposit/wire"];

/** The instructions change only with the platform's configuration: read once per visit. */
export const useWireInstructions = () =>
  useApi<WireInstructions>(wireInstructionsKey, undefined, { revalidateIfStale: false });
