import useSWRInfinite from "swr/infinite";
import { readApiList, useApiClient, type ApiKey, type ApiList } from "@/lib/api-provider";

/** One entry of the security history (`GET user/security/events`, paged, newest first). */
export interface SecurityEvent {
  readonly id: string;
  /** e.g. `login_succeeded`, `password_changed`. */
  readonly kind: string;
  readonly ip: string;
  readonly device: string;
  readonly createTime: number;
}

export const securityEventsKey = (pageID: number): ApiKey => ["user/security/events", { pageID }];

/** The history, a page at a time; `setSize(size + 1)` loads the next. */
export function useSecurityEvents() {
  const client = useApiClient();
  return useSWRInfinite<ApiList<SecurityEvent>>(
    (index: number) => securityEventsKey(index + 1),
    (key: ApiKey) => readApiList<SecurityEvent>(client, key),
  );
}
