import { vi } from 'vitest';

/**
 * jsdom has no canvas drawing and no ResizeObserver. Chart.js needs both to construct a chart, so unit
 * tests give it a 2D context that accepts every call and draws nothing. What a chart *shows* is checked
 * through its data table here and through real pixels in the browser tests (e2e/tests/charts.spec.ts).
 */
export function installFakeCanvas(): void {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    const canvas = this;
    const state: Record<string | symbol, unknown> = {};
    return new Proxy(state, {
      get(target, prop) {
        if (prop === 'canvas') return canvas;
        if (prop === 'measureText') return (text: string) => ({ width: String(text).length * 6 });
        if (prop === 'getLineDash') return () => [];
        if (prop === 'createLinearGradient' || prop === 'createRadialGradient')
          return () => ({ addColorStop() {} });
        if (prop === 'isPointInPath') return () => false;
        if (prop in target) return target[prop];
        return () => {};
      },
      set(target, prop, value) {
        target[prop] = value;
        return true;
      },
    }) as never;
  });
  if (!('ResizeObserver' in window)) {
    class NoResizeObserver {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    vi.stubGlobal('ResizeObserver', NoResizeObserver);
  }
}
