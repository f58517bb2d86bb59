import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ChartError, ChartLoading } from './chart-states';

export interface ChartQueryProps<T> {
  query: UseQueryResult<T>;
  /** The message of docs/PRODUCT.md#demo-charts for this chart, shown under 'Error Loading Data'. */
  errorMessage: string;
  loadingText?: string;
  children: (data: T) => ReactNode;
}

/**
 * Loading, error (with Try Again, which refetches) and ready states of one chart query. While a retry
 * is on its way the spinner comes back, so the visitor sees that something is happening.
 */
export function ChartQuery<T>({ query, errorMessage, loadingText, children }: ChartQueryProps<T>) {
  if (query.isPending || (query.isError && query.isFetching)) return <ChartLoading text={loadingText} />;
  if (query.isError) return <ChartError message={errorMessage} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}
