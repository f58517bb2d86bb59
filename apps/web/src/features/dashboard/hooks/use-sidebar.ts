import { LAYOUT, STORAGE_KEYS } from '@insightra/contract';
import { useEffect, useState } from 'react';
import { storage } from '../../../lib/storage';

const NARROW = `(max-width: ${LAYOUT.sidebarBreakpointPx - 0.02}px)`;

function isNarrow() {
  return typeof window !== 'undefined' && window.matchMedia(NARROW).matches;
}

/** Collapsed state under dashboard-sidebar-collapsed; always collapsed below 768 px. */
export function useSidebar() {
  const [stored, setStored] = useState(() => storage.get(STORAGE_KEYS.sidebarCollapsed) === 'true');
  const [narrow, setNarrow] = useState(isNarrow);
  useEffect(() => {
    const media = window.matchMedia(NARROW);
    const onChange = () => setNarrow(media.matches);
    onChange();
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);
  const toggle = () => {
    const next = !stored;
    storage.set(STORAGE_KEYS.sidebarCollapsed, String(next));
    setStored(next);
  };
  return { collapsed: narrow || stored, forced: narrow, toggle };
}
