import type {
  EmbedTokenResponse,
  RefreshJob,
  RefreshStart,
  RefreshStatus,
  Report,
  Tier,
} from '@insightra/contract';

/**
 * The BI provider behind the dashboard's report frame (docs/PRODUCT.md#built-in-provider). `builtin` renders reports from
 * the member's own data; `powerbi` talks to the Power BI REST API. Routes call only this interface.
 */
export interface BiProvider {
  readonly name: 'builtin' | 'powerbi';
  /** Whether the provider's credentials and endpoints work; providers cache this themselves. */
  checkHealth(): Promise<'ok' | 'error'>;
  /** An embed token for `reports` (the caller's reports of `tier`), never wider than they may see. */
  embedToken(userId: number, tier: Tier, reports: Report[]): Promise<EmbedTokenResponse>;
  startRefresh(userId: number): Promise<RefreshStart>;
  refreshStatus(userId: number, refreshId: string): Promise<RefreshStatus | null>;
  refreshQueue(userId: number): Promise<RefreshJob[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    bi: BiProvider;
  }
}
