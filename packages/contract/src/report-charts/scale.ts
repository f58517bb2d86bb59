/** A value axis: its ticks from a round minimum to a round maximum, and where a value sits on it. */
export interface ValueScale {
  ticks: number[];
  /** The y of a value, between `bottom` (the lowest tick) and `top` (the highest). */
  y: (value: number) => number;
}

const STEPS = [1, 2, 2.5, 5, 10];
const WHOLE_STEPS = [1, 2, 5, 10];

/**
 * Round ticks covering zero and every value, about `count` of them; whole steps for whole numbers.
 * An axis with nothing on it runs from 0 to 1.
 */
export function niceTicks(values: readonly number[], count: number, whole: boolean): number[] {
  const min = Math.min(0, ...values);
  const max = Math.max(0, ...values);
  const high = min === max ? min + 1 : max;
  const raw = (high - min) / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const steps = whole && power < 10 ? WHOLE_STEPS : STEPS;
  const step = Math.max(whole ? 1 : 0, (steps.find((s) => s * power >= raw) ?? 10) * power);
  const first = Math.floor(min / step);
  const last = Math.ceil(high / step);
  const ticks: number[] = [];
  for (let i = first; i <= last; i++) ticks.push(Number((i * step).toPrecision(12)));
  return ticks;
}

/** The scale of ticks drawn between two heights. */
export function valueScale(ticks: number[], top: number, bottom: number): ValueScale {
  const low = ticks[0] ?? 0;
  const high = ticks[ticks.length - 1] ?? 1;
  const span = high - low || 1;
  return { ticks, y: (value) => bottom - ((value - low) / span) * (bottom - top) };
}
