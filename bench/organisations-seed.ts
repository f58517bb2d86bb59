/**
 * The data bench/organisations.ts measures on (docs/performance/organisations.md): 10,000 users in 2,000
 * organisations, every organisation with an owner, users 1–200 in 20 organisations each, the rest in one.
 */
export const USERS = 10_000;
export const ORGANISATIONS = 2_000;
/** Users 1..MANY are each in PER_USER organisations. */
export const MANY = 200;
export const PER_USER = 20;

/**
 * Set-based, numbered from generate_series: seeded user g has id u + g and username orgbench_g, seeded
 * organisation g has id o + g (u and o: the largest ids already there, e.g. the first start's administrator).
 */
export const seedStatements = (hash: string, u: number, o: number) => [
  `INSERT INTO users (id, username, full_name, email, password_hash, updated_date)
   SELECT ${u} + g, 'orgbench_' || g, 'Bench Member ' || lpad(g::text, 5, '0'), 'orgbench_' || g || '@example.com',
          '${hash}', now()
     FROM generate_series(1, ${USERS}) AS g`,
  `INSERT INTO users (id, username, full_name, password_hash, role, updated_date)
   VALUES (${u + USERS + 1}, 'orgbench_admin', 'Bench Admin', '${hash}', 'admin', now())`,
  `INSERT INTO organisations (id, name, sector_id)
   SELECT ${o} + g, (ARRAY['Acme','Northwind','Globex','Initech','Umbrella','Hooli','Stark','Wayne','Tyrell','Soylent'])[1 + g % 10]
          || ' ' || (ARRAY['School','Clinic','Motors','Hotels','Estates','Retail','Academy','Hospital'])[1 + (g / 10) % 8]
          || ' ' || lpad(g::text, 4, '0'), 1 + g % 6
     FROM generate_series(1, ${ORGANISATIONS}) AS g`,
  // Every organisation's owner, one each; the other users in one organisation are editors or viewers.
  `INSERT INTO memberships (organisation_id, user_id, role)
   SELECT ${o} + g - ${MANY}, ${u} + g, 'owner' FROM generate_series(${MANY + 1}, ${MANY + ORGANISATIONS}) AS g`,
  `INSERT INTO memberships (organisation_id, user_id, role)
   SELECT ${o} + 1 + (g - ${MANY + 1}) % ${ORGANISATIONS}, ${u} + g, CASE WHEN g % 2 = 0 THEN 'editor' ELSE 'viewer' END
     FROM generate_series(${MANY + ORGANISATIONS + 1}, ${USERS}) AS g`,
  // Users 1..MANY: PER_USER distinct organisations each (organisationsOf), owner of the first.
  `INSERT INTO memberships (organisation_id, user_id, role)
   SELECT ${o} + 1 + (g * 37 + k * 101) % ${ORGANISATIONS}, ${u} + g,
          CASE WHEN k = 0 THEN 'owner' WHEN k % 2 = 0 THEN 'editor' ELSE 'viewer' END
     FROM generate_series(1, ${MANY}) AS g, generate_series(0, ${PER_USER - 1}) AS k`,
  `UPDATE users SET default_organisation_id = f.organisation_id
     FROM (SELECT user_id, min(organisation_id) AS organisation_id FROM memberships GROUP BY user_id) f
    WHERE f.user_id = users.id`,
  `SELECT setval(pg_get_serial_sequence('users', 'id'), ${u + USERS + 1})`,
  `SELECT setval(pg_get_serial_sequence('organisations', 'id'), ${o + ORGANISATIONS})`,
  'ANALYZE',
];

export const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
/** The organisation numbers of seeded user g (1..MANY): distinct, as k * 101 stays under 2,000. */
export const organisationsOf = (g: number) =>
  range(0, PER_USER).map((k) => 1 + ((g * 37 + k * 101) % ORGANISATIONS));

/** Runs statements on the stopped server's database, after reading the largest user and organisation ids. */
export type Seeder = (statements: (u: number, o: number) => string[]) => Promise<{ u: number; o: number }>;
export const BASE_IDS =
  'SELECT (SELECT COALESCE(max(id), 0) FROM users) AS u, (SELECT COALESCE(max(id), 0) FROM organisations) AS o';
