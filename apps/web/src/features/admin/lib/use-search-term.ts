import { useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The text of a search box kept in step with the search kept in the URL (`q`): once typing stops, the
 * trimmed text becomes the search; a search changed from outside (Back/Forward) fills the box.
 */
export function useSearchTerm(q: string, onSearch: (term: string) => void) {
  const [text, setText] = useState(q);
  const term = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const latest = useRef({ q, onSearch, term });
  latest.current.onSearch = onSearch;
  latest.current.q = q;

  useEffect(() => {
    if (term === latest.current.term) return;
    latest.current.term = term;
    if (term !== latest.current.q) latest.current.onSearch(term);
  }, [term]);

  useEffect(() => {
    if (q === latest.current.term) return;
    latest.current.term = q;
    setText(q);
  }, [q]);

  return [text, setText] as const;
}
