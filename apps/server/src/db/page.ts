/** Which page of a list a caller asked for: `page` counts from 1. */
export interface PageRequest {
  page: number;
  pageSize: number;
}

/**
 * One page of a list and the size of the whole list, read at once: `count` selects the list's `total`,
 * `ordered` its rows in a stable order (ties broken by id, so that pages never overlap).
 */
export async function readPage<Row>(
  count: { executeTakeFirst(): Promise<{ total: number } | undefined> },
  ordered: { limit(n: number): { offset(n: number): { execute(): Promise<Row[]> } } },
  { page, pageSize }: PageRequest,
): Promise<{ rows: Row[]; total: number }> {
  const [counted, rows] = await Promise.all([
    count.executeTakeFirst(),
    ordered
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
