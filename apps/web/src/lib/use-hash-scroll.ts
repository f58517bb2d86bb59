import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { scrollToSection } from './scroll-to-section';

/**
 * On arriving at a page with a `#section` (a header link followed from another route), scrolls to that
 * section once it is on screen. Runs after the route's scroll-to-top.
 */
export function useHashScroll() {
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new navigation (key) to the same hash scrolls again.
  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    if (!id) return;
    const frame = requestAnimationFrame(() => scrollToSection(id));
    return () => cancelAnimationFrame(frame);
  }, [hash, key]);
}
