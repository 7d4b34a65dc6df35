import type { ApiContent } from "@/lib/api-schema";
import { useApi, type ApiKey } from "@/lib/api-provider";

/**
 * `GET account/deposit/wire`: where to wire USD to fund the USD account. `memo` is the user's
 * wire memo (9 characters, the last a check character), which tells the operator whose wire it is.
 */
export type WireInstructions = ApiContent<"/account/deposit/wire", "get">;

export const wireInstructionsKey: ApiKey = ["account/deposit/wire"];

/** The instructions change only with the platform's configuration: read once per visit. */
export const useWireInstructions = () =>
  useApi<WireInstructions>(wireInstructionsKey, undefined, { revalidateIfStale: false });
