import type { ColumnSpec, SectorDeclaration } from '@insightra/contract';

/**
 * The DDL of a sector's table, made from its declaration (docs/decisions/100-sector-storage.md): one
 * typed column per upload column, the upload and the owning organisation first; the key is the upload
 * and the row key (a key appears once per file); an index finds an organisation's rows by row key,
 * newest upload first — what the refresh's "current rows" reads. A sector's migration holds exactly
 * this text (a test checks it), followed by its demo dataset. The sectors of migration 0011 were made
 * when members owned rows (`owner` user_id, index `_user_key_idx`); 0017 renamed both.
 */
export function sectorTableSql(
  d: SectorDeclaration,
  owner: 'organisation_id' | 'user_id' = 'organisation_id',
): string {
  const q = (name: string) => `"${name}"`;
  const key = d.upload.rowKey.map(q).join(', ');
  const columns = d.upload.columns.map(
    (c) => `  ${q(c.name)} ${columnType(c)}${c.required ? ' NOT NULL' : ''}`,
  );
  return [
    `CREATE TABLE ${d.table} (`,
    '  upload_id integer NOT NULL,',
    `  ${owner} integer NOT NULL,`,
    ...columns.map((c) => `${c},`),
    `  PRIMARY KEY (upload_id, ${key})`,
    ');',
    `CREATE INDEX ${d.table}_${owner === 'user_id' ? 'user' : 'organisation'}_key_idx ON ${d.table} (${owner}, ${key}, upload_id DESC);`,
    '',
  ].join('\n');
}

function columnType(c: ColumnSpec): string {
  const kind = c.kind;
  switch (kind.type) {
    case 'text':
      return 'text';
    case 'enum': {
      if (kind.boolean) return 'boolean';
      const values = kind.values.map((v) => `'${v.value.replace(/'/g, "''")}'`).join(', ');
      return `text CHECK ("${c.name}" IN (${values}))`;
    }
    case 'number':
      if (kind.integer) return kind.max <= 2_147_483_647 ? 'integer' : 'bigint';
      return 'numeric';
    case 'date':
      return 'date';
  }
}

/**
 * An upload's rows follow its log (decision 100): the statement trigger on upload_logs removes them
 * from every sector's table. Each sector's migration redefines it over all tables.
 */
export function followUploadLogsSql(all: readonly SectorDeclaration[]): string {
  const deletes = all.map((d) => `  DELETE FROM ${d.table} d USING removed_logs r WHERE d.upload_id = r.id;`);
  return [
    'CREATE OR REPLACE FUNCTION dataset_rows_follow_upload_logs() RETURNS trigger',
    'LANGUAGE plpgsql AS $$',
    'BEGIN',
    ...deletes,
    '  RETURN NULL;',
    'END',
    '$$;',
    '',
  ].join('\n');
}
