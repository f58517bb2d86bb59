/**
 * The BI provider behind the dashboard's report frame (PRODUCT.md §4). `builtin` renders reports from
 * the member's own data; `powerbi` talks to the Power BI REST API.
 */
export interface BiProvider {
  readonly name: 'builtin' | 'powerbi';
  /** Whether the provider's credentials and endpoints work; providers cache this themselves. */
  checkHealth(): Promise<'ok' | 'error'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    bi: BiProvider;
  }
}

export const builtinHealth: BiProvider['checkHealth'] = async () => 'ok';
