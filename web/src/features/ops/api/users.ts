import type { ApiKey } from "@/lib/api-provider";
import type { ApiContent, Schema } from "@/lib/api-schema";
import type { OpsClient } from "./ops-client";
import { useOps } from "./ops-provider";

export type OpsUserHit = Schema<"OpsUserHit">;
export type OpsUser = ApiContent<"/ops/users/{id}", "get">;

export const searchKey = (q: string): ApiKey => ["ops/search", { q }];

/** `GET ops/search?q=` (reviewer, finance, admin): by e-mail prefix, wire memo or a card's last four (null: nothing asked yet). */
export const useUserSearch = (q: string | null) => useOps<readonly OpsUserHit[]>(q === null ? null : searchKey(q));

const userPath = (id: string) => `ops/users/${encodeURIComponent(id)}`;
export const userKey = (id: string): ApiKey => [userPath(id)];

/** `GET ops/users/{id}`: the user's page (verifications, cards, balances, sessions, security events). */
export const useOpsUser = (id: string) => useOps<OpsUser>(userKey(id));

/** `POST ops/users/{id}/sessions/{sessionId}/end` (finance, admin) → the user as afterwards. */
export function endSession(api: OpsClient, userId: string, sessionId: string) {
  return api.post<OpsUser>(`${userPath(userId)}/sessions/${encodeURIComponent(sessionId)}/end`);
}

/** `POST ops/users/{id}/sessions/end` (finance, admin): every live session → the user as afterwards. */
export function endAllSessions(api: OpsClient, userId: string) {
  return api.post<OpsUser>(`${userPath(userId)}/sessions/end`);
}
