import { LAYOUT } from '@insightra/contract/public';

export const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * Scrolls so that the section with `id` starts 45 px below the top of the window (docs/PRODUCT.md#landing-page), and
 * moves focus there for keyboard and screen-reader users. Returns false when there is no such section.
 */
export function scrollToSection(id: string, offset: number = LAYOUT.scrollOffsetPx): boolean {
  const el = document.getElementById(id);
  if (!el) return false;
  const behavior: ScrollBehavior = prefersReducedMotion() ? 'auto' : 'smooth';
  const go = () =>
    window.scrollTo({ top: Math.max(0, el.getBoundingClientRect().top + window.scrollY - offset), behavior });
  go();
  // A web font arriving mid-scroll changes the heights above the section: aim again once fonts are in.
  void document.fonts?.ready.then(go);
  if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.focus({ preventScroll: true });
  return true;
}

/** A section of a page the header links to: the page's path and the section's id. */
export interface SectionTarget {
  pathname: string;
  id: string;
  label: string;
}
