/**
 * A generated portrait: an abstract head-and-shoulders figure over geometric shapes, its colours and
 * layout chosen from a hash of the name, so each person has their own and it never changes.
 */
const BACKGROUNDS = [
  '--color-brand',
  '--color-ink',
  '--color-chart-blue',
  '--color-accent',
  '--color-brand-strong',
];
const ACCENTS = [
  '--color-highlight',
  '--color-chart-orange',
  '--color-chart-sky',
  '--color-accent-soft',
  '--color-chart-pink',
];

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

const pick = <T,>(list: readonly T[], n: number) => list[n % list.length] as T;
const v = (name: string) => `var(${name})`;

export function GeometricPortrait({ name }: { name: string }) {
  const h = hash(name);
  const bg = pick(BACKGROUNDS, h);
  const accent = pick(ACCENTS, h >>> 3);
  const variant = (h >>> 6) % 3;
  const tilt = ((h >>> 9) % 40) - 20;
  const longHair = ((h >>> 12) & 1) === 1;
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 160 120"
      preserveAspectRatio="xMidYMid slice"
      className="size-full"
      focusable="false"
    >
      <rect width="160" height="120" fill={v(bg)} />
      {variant === 0 && <circle cx="132" cy="22" r="34" fill={v(accent)} opacity="0.5" />}
      {variant === 1 && (
        <rect
          x="100"
          y="-20"
          width="80"
          height="80"
          fill={v(accent)}
          opacity="0.4"
          transform={`rotate(${tilt} 140 20)`}
        />
      )}
      {variant === 2 && <polygon points="0,0 80,0 0,80" fill={v(accent)} opacity="0.45" />}
      <circle cx="22" cy="100" r="3" fill="white" opacity="0.5" />
      <circle cx="36" cy="100" r="3" fill="white" opacity="0.3" />
      {longHair && (
        <rect x="57" y="36" width="46" height="50" rx="22" fill="var(--color-ink)" opacity="0.85" />
      )}
      <path d="M40 120c0-24 18-38 40-38s40 14 40 38z" fill="white" opacity="0.95" />
      <circle cx="80" cy="56" r="21" fill="white" />
      <path
        d="M59 54a21 21 0 0 1 42 0c-6-8-13-11-21-11s-15 3-21 11z"
        fill="var(--color-ink)"
        opacity="0.85"
      />
    </svg>
  );
}
