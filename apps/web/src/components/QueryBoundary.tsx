import type { ReactNode } from 'react';
import { EmptyState, ErrorState, Spinner } from './states.tsx';

/** What the boundary reads of a TanStack query (`useQuery`'s result). */
export interface BoundaryQuery<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  refetch: () => unknown;
}

/**
 * A screen's loading, error and empty states around one query, in the product's wording (UI.md,
 * "States"): while pending, `loading` (default the spinner 「載入中...」); on an error, `ErrorState`
 * with `errorMessage` (default 「未能載入資料，請檢查網絡後再試。」) and 重試, which refetches; when
 * `isEmpty(data)`, `empty` (default an `EmptyState` titled `emptyTitle`, with the muted line `emptyHint`);
 * else `children(data)`.
 */
export function QueryBoundary<T>({
  query,
  loading = <Spinner />,
  errorMessage,
  isEmpty,
  empty,
  emptyTitle = '暫時沒有資料',
  emptyHint,
  children,
}: {
  query: BoundaryQuery<T>;
  loading?: ReactNode;
  errorMessage?: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  emptyTitle?: string;
  emptyHint?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return loading;
  if (query.isError || query.data === undefined) {
    return (
      <ErrorState {...(errorMessage ? { message: errorMessage } : {})} onRetry={() => void query.refetch()} />
    );
  }
  if (isEmpty?.(query.data)) {
    return (
      empty ?? (
        <EmptyState title={emptyTitle}>{emptyHint ? <p className="muted">{emptyHint}</p> : null}</EmptyState>
      )
    );
  }
  return children(query.data);
}
