import type { ApiContent } from "@/lib/api-schema";
import { useApi, type ApiKey } from "@/lib/api-provider";

/** `GET user/self` (SPEC §3 "User"); statuses 0 not started, 1 approved, 2 in review, 3 rejected. */
export type UserSelf = ApiContent<"/user/self", "get">;

export const selfKey: ApiKey = ["user/self"];

/** The logged-in user; loaded by the route guard on the first navigation and after login. */
export const useSelf = (loggedIn = true) =>
  useApi<UserSelf>(loggedIn ? selfKey : null, undefined, {
    revalidateIfStale: false,
    // After a logout (key null) no earlier user may show through.
    keepPreviousData: false,
  });
