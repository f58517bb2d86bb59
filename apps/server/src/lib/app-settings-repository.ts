import type { Queryable } from '../db/client';

/** A setting's value, or null when it was never stored. */
export async function readSetting(db: Queryable, key: string): Promise<string | null> {
  const row = await db.kysely
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value ?? null;
}

/**
 * The setting's stored value, storing `value` first when there is none. Instances starting together
 * agree: the first insert wins and every one reads it back.
 */
export async function settingOrInsert(db: Queryable, key: string, value: string): Promise<string> {
  await db.kysely
    .insertInto('app_settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return (await readSetting(db, key)) ?? value;
}
