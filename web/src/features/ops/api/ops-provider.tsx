// The console's screens reach its one client through React, as the user app's do through
// lib/api-provider.tsx: `OpsProvider` hands it down, `useOpsClient()` serves mutations, and reads
// go through SWR with `useOps(key)` or `useOpsList(key)` (keys are the API path and query).
import { createContext, use, type ReactNode } from "react";
import useSWR, { type SWRConfiguration, type SWRResponse } from "swr";
import { ApiError, type ApiKey, type ApiList } from "@/lib/api-provider";
import type { OpsClient } from "./ops-client";

const OpsClientContext = createContext<OpsClient | null>(null);

export function OpsProvider({ client, children }: { readonly client: OpsClient; readonly children: ReactNode }) {
  return <OpsClientContext value={client}>{children}</OpsClientContext>;
}

export function useOpsClient(): OpsClient {
  const client = use(OpsClientContext);
  if (!client) throw new Error("useOpsClient() must be used inside <OpsProvider>");
  return client;
}

/** SWR read of `key` (null: not yet); a refusal is SWR's `error` (an ApiError). */
export function useOps<T>(key: ApiKey | null, config?: SWRConfiguration<T, ApiError>): SWRResponse<T, ApiError> {
  const client = useOpsClient();
  return useSWR(
    key,
    async ([path, query]: ApiKey) => {
      const result = await client.get<T>(path, query);
      if (!result.ok) throw new ApiError(result);
      return result.content;
    },
    config,
  );
}

/** SWR read of a page at `key`; statusCode 500 empties it and flags `networkError`. */
export function useOpsList<T>(key: ApiKey | null): SWRResponse<ApiList<T>, ApiError> {
  const client = useOpsClient();
  return useSWR(key, async ([path, query]: ApiKey) => {
    const result = await client.list<T>(path, query);
    if (result.ok || result.networkError) return { ...result.content, networkError: !result.ok };
    throw new ApiError(result);
  });
}
