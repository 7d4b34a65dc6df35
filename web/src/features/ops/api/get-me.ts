import type { ApiKey } from "@/lib/api-provider";
import type { ApiContent, Schema } from "@/lib/api-schema";
import { useOps } from "./ops-provider";

export type OpsOperator = ApiContent<"/ops/me", "get">;
export type OpsRole = Schema<"Role">;

export const meKey: ApiKey = ["ops/me"];

/** `GET ops/me`: the operator logged in (null key: no session yet). */
export const useMe = (loggedIn: boolean) => useOps<OpsOperator>(loggedIn ? meKey : null, { revalidateIfStale: false });

/** Whether `operator` holds any of `roles` (the server checks the same on every endpoint). */
export const hasRole = (operator: OpsOperator | undefined, ...roles: OpsRole[]) =>
  operator !== undefined && roles.some((role) => operator.roles.includes(role));
