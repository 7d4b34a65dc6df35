import type { ApiClient } from "@/lib/api-client";

/** `POST user/password`: the login password; every other session ends. Verified. */
export function changePassword(api: ApiClient, body: { oldPassword: string; password: string; confirm: string }) {
  return api.post<null>("user/password", body);
}
