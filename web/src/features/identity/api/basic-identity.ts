import type { ApiClient } from "@/lib/api-client";
import type { ApiBody, ApiContent } from "@/lib/api-schema";
import { useApi, type ApiKey } from "@/lib/api-provider";

// A step's save shows nothing of its own (the dialog moves on or shows the refusal); a commit is
// a form's submission: its refusal shows in the dialog, its success as the client's notice
// (which follows the interface language).
const QUIET = { silent: true } as const;
const FORM = { inline: true } as const;

/** `GET user/info`: the basic identity draft (after a rejection, the last attempt's answers). */
export type BasicDraft = ApiContent<"/user/info", "get">;

export const basicDraftKey: ApiKey = ["user/info"];

/** The basic identity draft, read when the dialog opens (and never served stale). */
export const useBasicDraft = () => useApi<BasicDraft>(basicDraftKey, undefined, { revalidateOnFocus: false });

/** `POST user/info`: saves one step's fields (only the fields sent are checked and kept). */
export function saveBasicDraft(api: ApiClient, body: ApiBody<"/user/info", "post">) {
  return api.post<ApiContent<"/user/info", "post">>("user/info", body, QUIET);
}

/** `POST user/commit`: the saved draft, checked whole, goes to review. */
export function commitBasicIdentity(api: ApiClient) {
  return api.post<ApiContent<"/user/commit", "post">>("user/commit", undefined, FORM);
}
