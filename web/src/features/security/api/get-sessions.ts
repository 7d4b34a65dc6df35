import { useApi, type ApiKey } from "@/lib/api-provider";

/** A live session of `GET user/sessions`; times in ms. */
export interface SessionEntry {
  readonly id: string;
  readonly device: string;
  readonly ip: string;
  readonly createTime: number;
  readonly lastSeenTime: number;
  readonly current: boolean;
}

export const sessionsKey: ApiKey = ["user/sessions"];

export const useSessions = () => useApi<readonly SessionEntry[]>(sessionsKey);
