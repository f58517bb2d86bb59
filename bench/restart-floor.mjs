// The database's own floor for `npm run bench:restart`: a process that only opens the database and
// runs one query, then says "ready" on stdout (and closes it). Nothing of the product is loaded.
//   node bench/restart-floor.mjs pglite DIR | node bench/restart-floor.mjs postgres URL
const [kind, target] = process.argv.slice(2);
if (kind === 'pglite') {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(target);
  await db.query('SELECT 1');
  process.stdout.write('ready\n');
  await db.close();
} else {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: target });
  await client.connect();
  await client.query('SELECT 1');
  process.stdout.write('ready\n');
  await client.end();
}
