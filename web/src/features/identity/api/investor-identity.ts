import type { ApiClient } from "@/lib/api-client";
import type { ApiBody, ApiContent } from "@/lib/api-schema";
import { useApi, type ApiKey } from "@/lib/api-provider";

// A step's save shows nothing of its own (the dialog moves on or shows the refusal); a commit is
// a form's submission: its refusal shows in the dialog, its success as the client's notice
// (which follows the interface language).
const QUIET = { silent: true } as const;
const FORM = { inline: true } as const;

/** `GET user/identity/investor`: the investor draft (its type once chosen, and its answers). */
export type InvestorDraft = ApiContent<"/user/identity/investor", "get">;

export const investorDraftKey: ApiKey = ["user/identity/investor"];

/** The investor draft: read when the dialog opens, and for the questionnaires' investor type. */
export const useInvestorDraft = (read = true) =>
  useApi<InvestorDraft>(read ? investorDraftKey : null, undefined, { revalidateOnFocus: false });

/** `POST user/identity/investor`: saves the type, then a step's fields (only those are checked). */
export function saveInvestorDraft(api: ApiClient, body: ApiBody<"/user/identity/investor", "post">) {
  return api.post<ApiContent<"/user/identity/investor", "post">>("user/identity/investor", body, QUIET);
}

/** `POST user/identity/commit`: the draft of its type, checked whole, goes to review. */
export function commitInvestorIdentity(api: ApiClient) {
  return api.post<ApiContent<"/user/identity/commit", "post">>("user/identity/commit", undefined, FORM);
}
