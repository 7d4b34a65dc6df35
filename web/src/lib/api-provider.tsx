// Screens reach the one API client through React: `ApiProvider` hands it down, `useApiClient()`
// serves mutations, and reads go through SWR with `useApi(key)` or `useApiList(key)`. Each endpoint
// file (`features/<name>/api/<endpoint>.ts`, STYLE.md) holds its key and hook on top of these.
import { createContext, use, type ReactNode } from "react";
import useSWR, { type SWRConfiguration, type SWRResponse } from "swr";
import type { ApiClient, ApiPage, ApiRefusal, CallOptions, QueryParams } from "./api-client";

const ApiClientContext = createContext<ApiClient | null>(null);

/** Provides `client` (built once by the app shell with `createApiClient(handlers)`). */
export function ApiProvider({
  client,
  children,
}: {
  readonly client: ApiClient;
  readonly children: ReactNode;
}) {
  return <ApiClientContext value={client}>{children}</ApiClientContext>;
}

export function useApiClient(): ApiClient {
  const client = use(ApiClientContext);
  if (!client) throw new Error("useApiClient() must be used inside <ApiProvider>");
  return client;
}

/** The SWR key of a read: its API path and query. A mutation revalidates it with `mutate(key)`. */
export type ApiKey = readonly [path: string, query?: QueryParams];

/** A refused read, as SWR's `error`. */
export class ApiError extends Error {
  readonly refusal: ApiRefusal;

  constructor(refusal: ApiRefusal) {
    super(refusal.message);
    this.name = "ApiError";
    this.refusal = refusal;
  }
}

export interface ApiList<T> extends ApiPage<T> {
  /** The read failed with statusCode 500 (offline included): the list is empty; offer a retry. */
  readonly networkError: boolean;
}

/** The content of a read; a refusal throws an ApiError. */
export async function readApi<T>(
  client: ApiClient,
  [path, query]: ApiKey,
  options?: CallOptions,
): Promise<T> {
  const result = await client.get<T>(path, query, options);
  if (!result.ok) throw new ApiError(result);
  return result.content;
}

/** A list; statusCode 500 empties it and flags `networkError` (SPEC §8), other refusals throw. */
export async function readApiList<T>(
  client: ApiClient,
  [path, query]: ApiKey,
  options?: CallOptions,
): Promise<ApiList<T>> {
  const result = await client.list<T>(path, query, options);
  if (result.ok || result.networkError) return { ...result.content, networkError: !result.ok };
  throw new ApiError(result);
}

/** SWR read of `key` (null: not yet). */
export function useApi<T>(
  key: ApiKey | null,
  options?: CallOptions,
  config?: SWRConfiguration<T, ApiError>,
): SWRResponse<T, ApiError> {
  const client = useApiClient();
  return useSWR(key, (read: ApiKey) => readApi<T>(client, read, options), config);
}

/** SWR read of the list at `key` (null: not yet). */
export function useApiList<T>(
  key: ApiKey | null,
  options?: CallOptions,
  config?: SWRConfiguration<ApiList<T>, ApiError>,
): SWRResponse<ApiList<T>, ApiError> {
  const client = useApiClient();
  return useSWR(key, (read: ApiKey) => readApiList<T>(client, read, options), config);
}
