import type { ApiKey } from "@/lib/api-provider";
import type { ApiListItem, ApiQuery } from "@/lib/api-schema";
import type { OpsClient } from "./ops-client";
import { useOpsList } from "./ops-provider";

/** A USD withdrawal to a user's bank account (`OpsWithdrawal`). */
export type OpsWithdrawal = ApiListItem<"/ops/withdrawals">;
export type WithdrawalFilters = ApiQuery<"/ops/withdrawals", "get">;

/** The statuses the filter offers, in the withdrawal's order. */
export const WITHDRAWAL_STATUSES = ["requested", "approved", "sent", "completed", "rejected", "cancelled", "returned"] as const;
/** Why a withdrawal is rejected or returned (`domain::withdrawal::WithdrawalReason`, labels `withdrawal_reason.<code>`). */
export const WITHDRAWAL_REASONS = ["account_closed", "invalid_account", "name_mismatch", "bank_refused", "compliance", "user_request"] as const;

export const WITHDRAWALS_PAGE_SIZE = 20;

export const withdrawalsKey = (filters: WithdrawalFilters): ApiKey => ["ops/withdrawals", { ...filters, pageSize: WITHDRAWALS_PAGE_SIZE }];

/** `GET ops/withdrawals?status=&pageID=&pageSize=` (finance): oldest first. */
export const useWithdrawals = (filters: WithdrawalFilters) => useOpsList<OpsWithdrawal>(withdrawalsKey(filters));

export const isWithdrawalsKey = (key: unknown) => Array.isArray(key) && key[0] === "ops/withdrawals";

/** A step of a withdrawal; `reject` and `return` take a reason, `send` the bank's reference. */
export type WithdrawalStep = "approve" | "reject" | "send" | "complete" | "return";

/** The steps a withdrawal's status allows (`domain::withdrawal`'s machine; the server answers 409 otherwise). */
export function withdrawalSteps(status: string): readonly WithdrawalStep[] {
  switch (status) {
    case "requested":
      return ["approve", "reject"];
    case "approved":
      return ["send", "reject"];
    case "sent":
      return ["complete", "return"];
    default:
      return [];
  }
}

/** `POST ops/withdrawals/{id}/<step>` with its body (`{reason}`, `{reference}` or none) → the withdrawal. */
export function takeWithdrawalStep(api: OpsClient, id: string, step: WithdrawalStep, body?: { reason: string } | { reference: string }) {
  return api.post<OpsWithdrawal>(`ops/withdrawals/${encodeURIComponent(id)}/${step}`, body ?? {}, { inline: body !== undefined });
}
