import type { PublicConfig } from '@insightra/contract';
// Route refs without schemas: this runs on every page's first load (see @insightra/contract/public).
import {
  apiRefs as api,
  DEFAULT_CONTACT,
  DEFAULT_UPLOAD_MAX_MB,
  SITE_NAME_DEFAULT,
} from '@insightra/contract/public';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { PUBLIC, queryKey } from './query-keys';

/** What the app shows until the server's configuration arrives; pre-rendered pages are rendered with it. */
export const PUBLIC_CONFIG_DEFAULTS: PublicConfig = {
  siteName: SITE_NAME_DEFAULT,
  ...DEFAULT_CONTACT,
  google: { enabled: false, clientId: null },
  bi: { provider: 'builtin', embedMode: 'embed-token' },
  uploads: { maxBytes: DEFAULT_UPLOAD_MAX_MB * 1024 * 1024 },
  mail: { enabled: false },
};

export const publicConfigQuery = {
  queryKey: queryKey(PUBLIC, 'config', 'get'),
  queryFn: () => apiRequest(api.config.get),
  staleTime: 5 * 60_000,
};

/** The server's run-time configuration (site name, contact details, sign-in and BI options). */
export function usePublicConfig(): PublicConfig & { isLoaded: boolean } {
  const { data } = useQuery(publicConfigQuery);
  return { ...(data ?? PUBLIC_CONFIG_DEFAULTS), isLoaded: Boolean(data) };
}
