import type { MouseEvent, ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Link, useLocation } from 'react-router';
import { scrollToSection } from '../../lib/scroll-to-section';

interface SectionLinkProps {
  pathname: string;
  id: string;
  children: ReactNode;
  className?: string;
  onNavigate?: () => void;
  'aria-current'?: 'location' | undefined;
}

/**
 * A link to a section of a page. On that page it scrolls there (45 px offset); from another route it
 * navigates to `pathname#id`, and the page scrolls on arrival (useHashScroll).
 */
export function SectionLink({ pathname, id, children, className, onNavigate, ...rest }: SectionLinkProps) {
  const location = useLocation();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // Apply the caller's change (e.g. closing the mobile menu, which shifts the page) before measuring.
    if (onNavigate) flushSync(onNavigate);
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    if (location.pathname === pathname && scrollToSection(id)) event.preventDefault();
  };
  return (
    <Link to={{ pathname, hash: `#${id}` }} onClick={onClick} className={className} {...rest}>
      {children}
    </Link>
  );
}
