import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FadeIn } from './fade-in';

type Callback = (entries: { isIntersecting: boolean }[]) => void;
const observers: { callback: Callback; options: IntersectionObserverInit | undefined }[] = [];
const original = window.IntersectionObserver;
const originalMatchMedia = window.matchMedia;

function installObserver() {
  window.IntersectionObserver = class {
    constructor(callback: Callback, options?: IntersectionObserverInit) {
      observers.push({ callback, options });
    }
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  } as unknown as typeof IntersectionObserver;
}

afterEach(() => {
  observers.length = 0;
  window.IntersectionObserver = original;
  window.matchMedia = originalMatchMedia;
});

describe('FadeIn', () => {
  it('stays hidden until 10% of it is in view, then fades in', () => {
    installObserver();
    render(<FadeIn>Who we are</FadeIn>);
    const box = screen.getByText('Who we are');
    expect(box).toHaveAttribute('data-fade', 'out');
    expect(observers[0]?.options?.threshold).toBe(0.1);
    act(() => observers[0]?.callback([{ isIntersecting: true }]));
    expect(box).toHaveAttribute('data-fade', 'in');
  });

  it('shows everything at once with prefers-reduced-motion', () => {
    installObserver();
    window.matchMedia = ((query: string) => ({
      matches: query.includes('reduce'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })) as unknown as typeof window.matchMedia;
    render(<FadeIn>Team</FadeIn>);
    expect(screen.getByText('Team')).toHaveAttribute('data-fade', 'in');
    expect(observers).toHaveLength(0);
  });
});
