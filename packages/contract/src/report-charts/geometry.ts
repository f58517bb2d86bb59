import { round } from './text';

/** The room a chart's drawing has, in pixels. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The text sizes of a scene (see `textSizes`). */
export interface Sizes {
  text: number;
  small: number;
  large: number;
  title: number;
}

/** A point of path data, rounded to a tenth. */
export function point(x: number, y: number): string {
  return `${round(x)} ${round(y)}`;
}

/** Arc commands along a circle from one angle to another (radians, clockwise from 3 o'clock). */
export function arc(cx: number, cy: number, radius: number, from: number, to: number): string {
  const sweep = to > from ? 1 : 0;
  // One arc command spans at most half a turn, so a whole ring is two.
  const angles = Math.abs(to - from) > Math.PI ? [(from + to) / 2, to] : [to];
  const r = round(radius);
  return angles
    .map((a) => `A ${r} ${r} 0 0 ${sweep} ${point(cx + radius * Math.cos(a), cy + radius * Math.sin(a))}`)
    .join(' ');
}

/** A filled circle as path data (a point on a line). */
export function circle(cx: number, cy: number, radius: number): string {
  return `M ${point(cx + radius, cy)} ${arc(cx, cy, radius, 0, 2 * Math.PI)} Z`;
}

/** A filled ring as path data: the inner circle runs the other way, so it stays a hole. */
export function ring(cx: number, cy: number, outer: number, inner: number): string {
  return `${circle(cx, cy, outer)} M ${point(cx + inner, cy)} ${arc(cx, cy, inner, 2 * Math.PI, 0)} Z`;
}
