import type { Cache, ScopedMutator } from "swr";
import type { ApiClient } from "@/lib/api-client";
import type { ApiKey } from "@/lib/api-provider";

/** A read a page makes as it opens: its request, and how its answer lands in the SWR cache. */
export interface PageRead {
  readonly key: ApiKey;
  /** Loads the answer into the cache the way the page's hook keeps it; never rejects. */
  readonly load: (client: ApiClient, swr: { readonly mutate: ScopedMutator; readonly cache: Cache }) => Promise<unknown>;
}
