import { api } from '@insightra/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { PUBLIC, queryKey } from '../../../lib/query-keys';

/** The demo chart calls (public). apiRequest throws on a non-OK answer, so a failure shows the error state. */
export const gradesQuery = queryOptions({
  queryKey: queryKey(PUBLIC, 'charts', 'grades'),
  queryFn: ({ signal }) => apiRequest(api.charts.grades, { signal }),
});

export const submissionsQuery = queryOptions({
  queryKey: queryKey(PUBLIC, 'charts', 'submissions'),
  queryFn: ({ signal }) => apiRequest(api.charts.submissions, { signal }),
});
