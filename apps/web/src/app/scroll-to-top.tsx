import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** Scrolls to the top on every path change (docs/PRODUCT.md#landing-page); in-page hash links manage their own scrolling. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each path change by design.
  useLayoutEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  return null;
}
