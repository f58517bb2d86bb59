import { LAYOUT } from '@insightra/contract/public';

export const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * Scrolls so that the section with `id` starts 45 px below the top of the window (SPEC.md §9), and
 * moves focus there for keyboard and screen-reader users. Returns false when there is no such section.
 */
export function scrollToSection(id: string, offset: number = LAYOUT.scrollOffsetPx): boolean {
  const el = document.getElementById(id);
  if (!el) return false;
  const top = el.getBoundingClientRect().top + window.scrollY - offset;
  window.scrollTo({ top: Math.max(0, top), behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
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
