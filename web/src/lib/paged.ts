import type { ApiList } from "@/lib/api-provider";

/** What a paged list shows, from `useSWRInfinite`'s pages and requested size. */
export interface Paged<T> {
  readonly items: readonly T[];
  /** Another page exists on the server. */
  readonly more: boolean;
  /** The first page or the next one is on its way. */
  readonly loading: boolean;
  /** A page failed (offline, server error): offer a retry. */
  readonly failed: boolean;
}

export function paged<T>(pages: readonly ApiList<T>[] | undefined, size: number, error: unknown): Paged<T> {
  const failed = error !== undefined || pages?.some((page) => page.networkError) === true;
  const loaded = pages?.length ?? 0;
  const last = pages?.at(-1);
  return {
    items: pages?.flatMap((page) => page.list) ?? [],
    more: !failed && last !== undefined && loaded < last.totalPage,
    loading: !failed && (pages === undefined || size > loaded),
    failed,
  };
}
