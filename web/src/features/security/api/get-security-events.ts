import useSWRInfinite from "swr/infinite";
import type { ApiListItem, ApiQuery } from "@/lib/api-schema";
import { readApiList, useApiClient, type ApiError, type ApiKey, type ApiList } from "@/lib/api-provider";

/** One entry of the security history (`GET user/security/events`, paged, newest first). */
export type SecurityEvent = ApiListItem<"/user/security/events">;

export const securityEventsKey = (pageID: number): ApiKey => [
  "user/security/events",
  { pageID } satisfies ApiQuery<"/user/security/events", "get">,
];

/** The history, a page at a time; `setSize(size + 1)` loads the next. */
export function useSecurityEvents() {
  const client = useApiClient();
  return useSWRInfinite<ApiList<SecurityEvent>, ApiError>(
    (index: number) => securityEventsKey(index + 1),
    (key: ApiKey) => readApiList<SecurityEvent>(client, key),
  );
}
