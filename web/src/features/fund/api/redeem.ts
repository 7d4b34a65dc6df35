import type { ApiClient } from "@/lib/api-client";
import type { ApiBody, ApiContent, Sent } from "@/lib/api-schema";

/** What a redemption always sends: the product, where the money goes, the shares (as an amount). */
export type RedeemInput = Sent<ApiBody<"/redeem", "post">, "productId" | "destination" | "amount"> & {
  /** The fixed position redeemed (whole); not sent for the current product. */
  readonly positionId?: string;
  /** What the preview showed it forfeits (decimal text): the server redeems only if it still does. */
  readonly forfeitedInterest?: string;
};

/**
 * `POST redeem`, verified (statusCode 103). `idempotencyKey` is made once per attempt and kept
 * for its retries. The dialog shows a refusal (a 409 when the interest forfeited is no longer
 * what its preview showed, which it then reads again).
 */
export function redeem(api: ApiClient, input: RedeemInput, idempotencyKey: string) {
  return api.post<ApiContent<"/redeem", "post">>("redeem", { ...input }, { inline: true, idempotencyKey });
}
