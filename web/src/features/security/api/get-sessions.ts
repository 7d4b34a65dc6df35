import type { ApiContent, Schema } from "@/lib/api-schema";
import { useApi, type ApiKey } from "@/lib/api-provider";

/** A live session of `GET user/sessions`; times in ms. */
export type SessionEntry = Schema<"SessionEntry">;

export const sessionsKey: ApiKey = ["user/sessions"];

export const useSessions = () => useApi<ApiContent<"/user/sessions", "get">>(sessionsKey);
