import { LAYOUT } from '@insightra/contract/public';
import { type ElementType, type ReactNode, useEffect, useRef, useState } from 'react';
import { prefersReducedMotion } from '../../lib/scroll-to-section';

interface FadeInProps {
  children: ReactNode;
  as?: ElementType;
  className?: string;
  /** Stagger for items in a row, in ms. */
  delay?: number;
}

/**
 * Fades its content in when 10% of it scrolls into view (docs/PRODUCT.md#landing-page). With prefers-reduced-motion, or
 * without IntersectionObserver, the content is simply shown.
 */
export function FadeIn({ children, as: Tag = 'div', className = '', delay = 0 }: FadeInProps) {
  const ref = useRef<HTMLElement>(null);
  const [visible, setVisible] = useState(
    () => typeof IntersectionObserver === 'undefined' || prefersReducedMotion(),
  );
  useEffect(() => {
    if (visible || !ref.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { threshold: LAYOUT.fadeInThreshold },
    );
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [visible]);
  return (
    <Tag
      ref={ref}
      data-fade={visible ? 'in' : 'out'}
      style={delay ? { transitionDelay: `${delay}ms` } : undefined}
      className={`transition-[opacity,translate] duration-[400ms] ease-out motion-reduce:transition-none ${visible ? 'translate-y-0 opacity-100' : 'translate-y-4 opacity-0'} ${className}`}
    >
      {children}
    </Tag>
  );
}
