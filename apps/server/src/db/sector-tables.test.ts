import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SECTOR_DECLARATIONS } from '@insightra/contract';
import { describe, expect, it } from 'vitest';
import { migrationsDir } from './migrate';
import { followUploadLogsSql, sectorTableSql } from './sector-tables';

describe('sector tables', () => {
  it('are made from the declarations: migration 0011 holds exactly their generated DDL (owned by users then)', () => {
    const sql = readFileSync(path.join(migrationsDir(), '0011_sector_data.sql'), 'utf8');
    const generated = sql.slice(
      sql.indexOf('-- GENERATED: sector tables\n') + '-- GENERATED: sector tables\n'.length,
      sql.indexOf('-- END GENERATED'),
    );
    const added = SECTOR_DECLARATIONS.filter((d) => d.table !== 'dataset_rows');
    expect(generated).toBe(
      `${added.map((d) => sectorTableSql(d, 'user_id')).join('\n')}\n${followUploadLogsSql(SECTOR_DECLARATIONS)}`,
    );
  });
});
