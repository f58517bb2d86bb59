import { api } from '@insightra/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiFetch } from '../../../lib/api-client';
import { queryKey } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session/session-context';

/**
 * The screenshot as a blob: URL. It is fetched with the bearer header, so the session token never
 * appears in an image URL (docs/PRODUCT.md#sessions); the object URL is revoked when no longer shown.
 */
export function useIssueScreenshot(id: number, enabled: boolean) {
  const viewer = useSession().user;
  const query = useQuery({
    queryKey: queryKey(viewer, 'admin', 'issueScreenshot', id),
    queryFn: async ({ signal }) =>
      (await apiFetch(api.admin.issueScreenshot, { params: { id }, signal })).blob(),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) return;
    const objectUrl = URL.createObjectURL(query.data);
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [query.data]);
  return { url, isLoading: query.isLoading, error: query.error };
}
