import { Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { LoadFailed } from "@/components/ui/load-failed";
import { PageSpinner } from "@/components/ui/page-spinner";
import { Pager } from "./pager";

/** A console list's read (its SWR hook's answer): a page of rows, or why there is none. */
export interface PagedRead<T> {
  readonly data?: { readonly list: readonly T[]; readonly totalPage: number; readonly totalCount: number; readonly networkError?: boolean };
  readonly error?: unknown;
  readonly mutate: () => unknown;
}

/**
 * A console list's states, one place for all of them: failed (with a retry), loading, empty (the
 * `empty` text); else the `count` line, the rows (`children`) and the pager.
 */
export function PagedList<T>({
  read,
  page,
  onPage,
  empty,
  count,
  children,
}: {
  readonly read: PagedRead<T>;
  readonly page: number;
  readonly onPage: (page: number) => void;
  readonly empty: string;
  readonly count?: (total: number) => string;
  readonly children: (rows: readonly T[]) => ReactNode;
}) {
  const { data, error, mutate } = read;
  if (error || data?.networkError === true) return <LoadFailed onRetry={() => void mutate()} />;
  if (!data) return <PageSpinner />;
  if (data.list.length === 0) return <Text color="fg.muted">{empty}</Text>;
  return (
    <>
      {count && (
        <Text fontSize="sm" color="fg.muted">
          {count(data.totalCount)}
        </Text>
      )}
      {children(data.list)}
      <Pager page={page} totalPage={data.totalPage} onPage={onPage} />
    </>
  );
}
