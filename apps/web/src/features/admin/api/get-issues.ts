import { api, type IssueStatus } from '@insightra/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { queryKey, type Viewer } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session/session-context';

export const ISSUES_PAGE_SIZE = 20;

export interface IssuesFilter {
  status: IssueStatus | null;
  page: number;
}

export const adminIssuesQuery = (viewer: Viewer, { status, page }: IssuesFilter) =>
  queryOptions({
    queryKey: queryKey(viewer, 'admin', 'issues', { status, page }),
    queryFn: ({ signal }) =>
      apiRequest(api.admin.issues, {
        query: { status: status ?? undefined, page, pageSize: ISSUES_PAGE_SIZE },
        signal,
      }),
  });

/** The inbox, newest first; the previous page stays on screen while the next loads. */
export function useAdminIssues(filter: IssuesFilter) {
  const viewer = useSession().user;
  return useQuery({ ...adminIssuesQuery(viewer, filter), placeholderData: keepPreviousData });
}
