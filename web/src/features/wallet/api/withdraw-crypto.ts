import type { ApiClient } from "@/lib/api-client";
import type { ApiBody, ApiContent, Sent } from "@/lib/api-schema";

/** What a crypto withdrawal always sends: the coin, the network, the address, the amount, its order id. */
export type CryptoWithdrawalInput = Sent<
  ApiBody<"/wallet/withdraw", "post">,
  "coinCode" | "network" | "address" | "amount" | "clientOrderId"
> & { readonly memo?: string };

/**
 * `POST wallet/withdraw`, verified (statusCode 103). `clientOrderId` is made once per attempt and
 * kept for its retries, so a retried withdrawal moves money once (the server answers the first
 * result). The form shows a refusal.
 */
export function withdrawCrypto(api: ApiClient, input: CryptoWithdrawalInput) {
  return api.post<ApiContent<"/wallet/withdraw", "post">>("wallet/withdraw", { ...input }, { inline: true });
}
