import { z } from 'zod';
import { BI_PROVIDERS, EMBED_MODES } from './constants';
import { defineRoute } from './http';

export const PublicConfig = z.object({
  siteName: z.string(),
  salesEmail: z.string(),
  salesPhone: z.string(),
  officeAddress: z.string(),
  google: z.object({ enabled: z.boolean(), clientId: z.string().nullable() }),
  bi: z.object({ provider: z.enum(BI_PROVIDERS), embedMode: z.enum(EMBED_MODES) }),
  /** Largest accepted upload, so the web app can refuse a bigger file before sending it. */
  uploads: z.object({ maxBytes: z.number().int().positive() }),
  /** Whether the server sends mail (SMTP_URL): address confirmation, password reset, subscriptions. */
  mail: z.object({ enabled: z.boolean() }),
});
export type PublicConfig = z.infer<typeof PublicConfig>;

export const configRoutes = {
  get: defineRoute({
    method: 'GET',
    path: '/api/config',
    tag: 'config',
    access: 'none',
    summary: 'What the web app needs at run time',
    response: PublicConfig,
  }),
} as const;
