import type { ApiKey } from "@/lib/api-provider";
import type { ApiBody, ApiContent, Sent } from "@/lib/api-schema";
import type { OpsClient } from "./ops-client";
import { useOps } from "./ops-provider";
import type { OpsOperator } from "./get-me";

export const operatorsKey: ApiKey = ["ops/operators"];

/** `GET ops/operators` (admin). */
export const useOperators = () => useOps<readonly OpsOperator[]>(operatorsKey);

type NewOperator = ApiBody<"/ops/operators", "post">;
export type InvitedOperator = ApiContent<"/ops/operators", "post">;

/** `POST ops/operators {email, roles}` (admin) → the operator and its enrolment link. */
export function inviteOperator(api: OpsClient, body: Sent<NewOperator, "email" | "roles">) {
  return api.post<InvitedOperator>("ops/operators", body, { inline: true });
}

/** `POST ops/operators/{id}/disable` (admin): its sessions end at once. */
export function disableOperator(api: OpsClient, id: string) {
  return api.post<OpsOperator>(`ops/operators/${encodeURIComponent(id)}/disable`);
}
