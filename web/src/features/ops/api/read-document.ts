import type { OpsClient } from "./ops-client";

/**
 * `GET ops/review/cases/{id}/documents/{reference}` (the document's `url`): its bytes as a Blob,
 * read with the `Ops-Token` header (an `<img src>` could not send it). Each read is audited.
 */
export function readDocument(api: OpsClient, url: string, signal?: AbortSignal) {
  return api.readFile(url, signal);
}
