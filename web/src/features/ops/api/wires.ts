import type { ApiKey } from "@/lib/api-provider";
import type { ApiBody, ApiContent, ApiListItem, ApiQuery, Sent } from "@/lib/api-schema";
import type { OpsClient } from "./ops-client";
import { useOpsList } from "./ops-provider";

/** A wire received at the platform's bank (`WireReceipt`). */
export type WireReceipt = ApiListItem<"/ops/wires">;
export type WireFilters = ApiQuery<"/ops/wires", "get">;
export type WireBody = ApiBody<"/ops/wires", "post">;

/** A receipt's statuses, in the order the filter offers them. */
export const WIRE_STATUSES = ["unmatched", "pending_approval", "credited", "returned"] as const;
export type WireStatus = (typeof WIRE_STATUSES)[number];

/** Why a wire is sent back (`domain::forms::wire::RETURN_REASONS`, in its order). */
export const WIRE_RETURN_REASONS = ["unknown_beneficiary", "name_mismatch", "compliance", "sender_request"] as const;

export const WIRES_PAGE_SIZE = 20;

export const wiresKey = (filters: WireFilters): ApiKey => ["ops/wires", { ...filters, pageSize: WIRES_PAGE_SIZE }];

/** `GET ops/wires?status=&pageID=&pageSize=` (finance): newest first. */
export const useWires = (filters: WireFilters) => useOpsList<WireReceipt>(wiresKey(filters));

/** Whether a key is one of the wire lists (to refresh them all after a step). */
export const isWiresKey = (key: unknown) => Array.isArray(key) && key[0] === "ops/wires";

const wirePath = (id: string) => `ops/wires/${encodeURIComponent(id)}`;

/** `POST ops/wires {amount, reference, memo, sender?}`: credited, pending approval or unmatched by the memo. */
export function recordWire(api: OpsClient, body: Sent<WireBody, "amount" | "reference" | "memo" | "sender">) {
  return api.post<ApiContent<"/ops/wires", "post">>("ops/wires", body, { inline: true });
}

/** `POST ops/wires/{id}/assign {email}` (unmatched only): matched to that user. */
export function assignWire(api: OpsClient, id: string, body: Sent<ApiBody<"/ops/wires/{id}/assign", "post">, "email">) {
  return api.post<WireReceipt>(`${wirePath(id)}/assign`, body, { inline: true });
}

/** `POST ops/wires/{id}/approve` (pending approval only; not by who recorded or assigned it). */
export function approveWire(api: OpsClient, id: string) {
  return api.post<WireReceipt>(`${wirePath(id)}/approve`);
}

/** `POST ops/wires/{id}/return {reason}` (unmatched or pending approval). */
export function returnWire(api: OpsClient, id: string, body: Sent<ApiBody<"/ops/wires/{id}/return", "post">, "reason">) {
  return api.post<WireReceipt>(`${wirePath(id)}/return`, body, { inline: true });
}
