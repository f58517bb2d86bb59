import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Scrolls to the top on every path change (docs/PRODUCT.md#landing-page); in-page hash links manage their own scrolling. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  // On a pre-rendered page the app starts when the visitor interacts, perhaps by scrolling (decision
  // 030): taking the page over is no path change, so it leaves the visitor where they are.
  const takingOver = useRef(
    typeof document !== 'undefined' && document.documentElement.dataset.app === 'starting',
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each path change by design.
  useLayoutEffect(() => {
    if (takingOver.current) {
      takingOver.current = false;
      return;
    }
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  return null;
}
