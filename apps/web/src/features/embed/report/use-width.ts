import { type RefCallback, useCallback, useState } from 'react';

/**
 * The width of an element in whole pixels, followed as it resizes (`fallback` until measured, and
 * where there is no ResizeObserver).
 */
export function useWidth<T extends Element>(fallback: number): [RefCallback<T>, number] {
  const [width, setWidth] = useState(fallback);
  const ref = useCallback((element: T | null) => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const measured = Math.round(element.getBoundingClientRect().width);
      if (measured > 0) setWidth(measured);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
