import type { ApiKey } from "@/lib/api-provider";
import type { ApiListItem, ApiQuery } from "@/lib/api-schema";
import { useOpsList } from "./ops-provider";

/** One case waiting for a review (`GET ops/review/queue`), oldest first. */
export type QueueCase = ApiListItem<"/ops/review/queue">;
export type QueueFilters = ApiQuery<"/ops/review/queue", "get">;

export const QUEUE_PAGE_SIZE = 20;

export const queueKey = (filters: QueueFilters): ApiKey => ["ops/review/queue", { ...filters, pageSize: QUEUE_PAGE_SIZE }];

export const useQueue = (filters: QueueFilters) => useOpsList<QueueCase>(queueKey(filters));
