import { keepPreviousData } from '@tanstack/react-query';

/** The search and page of an admin list, as kept in the URL. */
export interface ListSearch {
  /** Already trimmed; the server trims and ignores case too. */
  q: string;
  page: number;
}

/**
 * `placeholderData` of a searched, paged list whose key ends in `{ q, page }`: turning a page keeps the
 * previous page on screen until the next arrives, while a new search shows its loading state.
 */
export const keepPageWhileSearching =
  (q: string) =>
  <T>(previous: T | undefined, previousQuery?: { queryKey: readonly unknown[] }) =>
    previousQuery && (previousQuery.queryKey.at(-1) as ListSearch).q === q
      ? keepPreviousData(previous)
      : undefined;
