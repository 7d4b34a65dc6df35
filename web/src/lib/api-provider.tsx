// Screens reach the one API client through React: `ApiProvider` hands it down, `useApiClient()`
// serves mutations, and reads go through SWR with `useApi(key)` or `useApiList(key)`. Each endpoint
// file (`features/<name>/api/<endpoint>.ts`, STYLE.md) holds its key and hook on top of these.
import { createContext, use, useCallback, type ReactNode } from "react";
import useSWR, { useSWRConfig, type SWRConfiguration, type SWRResponse } from "swr";
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

const inFlight = new WeakMap<ApiClient, Map<string, Promise<unknown>>>();

/**
 * The content of a read; a refusal throws an ApiError. While a read of the same key is on its
 * way, its answer is shared (a route guard loading a key and a hook mounting with it send one
 * request).
 */
export function readApi<T>(client: ApiClient, key: ApiKey, options?: CallOptions): Promise<T> {
  let pending = inFlight.get(client);
  if (!pending) {
    pending = new Map();
    inFlight.set(client, pending);
  }
  const id = JSON.stringify([key, options ?? {}]);
  const shared = pending.get(id);
  if (shared) return shared as Promise<T>;
  const [path, query] = key;
  const reading = client.get<T>(path, query, options).then((result) => {
    if (!result.ok) throw new ApiError(result);
    return result.content;
  });
  const forget = () => pending.delete(id);
  reading.then(forget, forget);
  pending.set(id, reading);
  return reading;
}

/**
 * Loads `key` into the cache now, whether or not a screen shows it yet (route guards, login).
 * A refusal is left to the screens that read the key.
 */
export function useApiLoader(): (key: ApiKey) => Promise<void> {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  return useCallback(
    async (key: ApiKey) => {
      try {
        await mutate(key, readApi(client, key), { revalidate: false });
      } catch {
        // The screen reading the key shows the refusal when it reads it.
      }
    },
    [client, mutate],
  );
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
