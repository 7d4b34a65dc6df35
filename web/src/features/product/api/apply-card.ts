import type { ApiClient } from "@/lib/api-client";
import type { ApiBody, ApiContent } from "@/lib/api-schema";

/**
 * `POST fiscard/apply {bin}`: a new virtual card under `bin`. Needs approved basic identity (105)
 * and a bound mobile (110); `idempotencyKey` is made once per click, so a retried request issues
 * one card. The application form shows a refusal.
 */
export function applyCard(api: ApiClient, bin: string, idempotencyKey: string) {
  const body: ApiBody<"/fiscard/apply", "post"> = { bin };
  return api.post<ApiContent<"/fiscard/apply", "post">>("fiscard/apply", body, { idempotencyKey, inline: true });
}
