import useSWRInfinite from "swr/infinite";
import type { ApiClient } from "@/lib/api-client";
import type { ApiBody, ApiContent, ApiListItem, ApiQuery } from "@/lib/api-schema";
import { readApiList, useApiClient, type ApiError, type ApiKey, type ApiList } from "@/lib/api-provider";

/** A saved bank account of `GET fund/investor/bankAccount/select` (SPEC §3). */
export type BankAccount = ApiListItem<"/fund/investor/bankAccount/select">;

export type BankAccountBody = ApiBody<"/fund/investor/bankAccount/add", "post">;

export const bankAccountsKey = (pageID: number): ApiKey => [
  "fund/investor/bankAccount/select",
  { pageID } satisfies ApiQuery<"/fund/investor/bankAccount/select", "get">,
];

/** The user's saved bank accounts, newest first, a page at a time; `setSize(size + 1)` loads the next. */
export function useBankAccounts() {
  const client = useApiClient();
  return useSWRInfinite<ApiList<BankAccount>, ApiError>(
    (index: number) => bankAccountsKey(index + 1),
    (key: ApiKey) => readApiList<BankAccount>(client, key),
    // Coming back to the list reads it again, however soon: an account saved or deleted a moment
    // ago must show (SWR's two-second deduping would serve the list from before).
    { revalidateFirstPage: false, revalidateOnMount: true, dedupingInterval: 0 },
  );
}

/**
 * `POST fund/investor/bankAccount/add`: the form's fields; the client asks for the codes (103);
 * a refusal shows in the form.
 */
export function addBankAccount(api: ApiClient, body: BankAccountBody) {
  return api.post<ApiContent<"/fund/investor/bankAccount/add", "post">>("fund/investor/bankAccount/add", body, {
    inline: true,
  });
}

/** `POST fund/investor/bankAccount/delete/{id}`: at once, after the step-up codes (103). */
export function deleteBankAccount(api: ApiClient, id: string) {
  return api.post<ApiContent<"/fund/investor/bankAccount/delete/{id}", "post">>(
    `fund/investor/bankAccount/delete/${encodeURIComponent(id)}`,
  );
}
