import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';

/** The one thing Kysely needs from a connection: run one parameterised statement. */
export interface RawQuery {
  query<R>(text: string, params?: readonly unknown[]): Promise<{ rows: R[]; rowCount: number }>;
}

class RawConnection implements DatabaseConnection {
  constructor(private readonly raw: RawQuery) {}
  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.raw.query<R>(compiled.sql, compiled.parameters);
    return { rows: result.rows, numAffectedRows: BigInt(result.rowCount) };
  }
  // biome-ignore lint/correctness/useYield: streaming is not used; the method must exist.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on this connection');
  }
}

class RawDriver implements Driver {
  private readonly connection: RawConnection;
  constructor(raw: RawQuery) {
    this.connection = new RawConnection(raw);
  }
  async init() {}
  async acquireConnection() {
    return this.connection;
  }
  async beginTransaction(): Promise<void> {
    throw new Error('Open transactions with database.transaction(), not through Kysely');
  }
  async commitTransaction() {}
  async rollbackTransaction() {}
  async releaseConnection() {}
  async destroy() {}
}

/**
 * A Kysely dialect over any object with a `query` method: PGlite (which serialises its own queries
 * and transactions) or one connection already inside a transaction.
 */
export function rawDialect(raw: RawQuery): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new RawDriver(raw),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}
