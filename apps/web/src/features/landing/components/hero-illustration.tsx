/**
 * The hero's data illustration, drawn in code: a report card with a trend line, bars, a donut and a
 * scatter of points joined into a network. Decorative: the hero's text carries the message.
 */
const LINE = [62, 70, 66, 84, 80, 98, 94, 112, 126, 120, 138, 150];
const BARS = [38, 52, 44, 66, 58, 74];
const NODES = [
  [330, 118],
  [352, 84],
  [392, 104],
  [372, 52],
  [404, 30],
  [336, 36],
] as const;

export function HeroIllustration() {
  const lineWidth = 236;
  const step = lineWidth / (LINE.length - 1);
  const points = LINE.map((v, i) => `${28 + i * step},${176 - v}`).join(' ');
  const area = `28,176 ${points} ${28 + lineWidth},176`;
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 420 360"
      className="h-auto w-full max-w-[520px]"
      role="presentation"
      focusable="false"
    >
      <defs>
        <linearGradient id="hero-area" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor="var(--color-highlight)" stopOpacity="0.45" />
          <stop offset="100%" stopColor="var(--color-highlight)" stopOpacity="0" />
        </linearGradient>
        <pattern id="hero-grid" width="24" height="24" patternUnits="userSpaceOnUse">
          <path d="M24 0H0V24" fill="none" stroke="white" strokeOpacity="0.06" />
        </pattern>
      </defs>
      <rect width="420" height="360" fill="url(#hero-grid)" />
      {/* Main report card */}
      <g transform="translate(16 24)">
        <rect
          width="292"
          height="200"
          rx="16"
          fill="white"
          fillOpacity="0.06"
          stroke="white"
          strokeOpacity="0.14"
        />
        <rect x="28" y="20" width="88" height="8" rx="4" fill="white" fillOpacity="0.5" />
        <rect x="28" y="34" width="56" height="6" rx="3" fill="white" fillOpacity="0.22" />
        {[56, 96, 136, 176].map((y) => (
          <line key={y} x1="28" x2="264" y1={y} y2={y} stroke="white" strokeOpacity="0.08" />
        ))}
        <polygon points={area} fill="url(#hero-area)" />
        <polyline
          points={points}
          fill="none"
          stroke="var(--color-highlight)"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx={28 + lineWidth} cy={176 - 150} r="6" fill="var(--color-highlight)" />
        <circle cx={28 + lineWidth} cy={176 - 150} r="12" fill="var(--color-highlight)" fillOpacity="0.25" />
      </g>
      {/* Donut card */}
      <g transform="translate(288 150)">
        <rect width="120" height="132" rx="16" fill="var(--color-ink)" stroke="white" strokeOpacity="0.16" />
        <circle cx="60" cy="62" r="34" fill="none" stroke="white" strokeOpacity="0.1" strokeWidth="14" />
        <circle
          cx="60"
          cy="62"
          r="34"
          fill="none"
          stroke="var(--color-chart-green)"
          strokeWidth="14"
          strokeDasharray={`${2 * Math.PI * 34 * 0.72} ${2 * Math.PI * 34}`}
          transform="rotate(-90 60 62)"
        />
        <circle
          cx="60"
          cy="62"
          r="34"
          fill="none"
          stroke="var(--color-chart-orange)"
          strokeWidth="14"
          strokeDasharray={`${2 * Math.PI * 34 * 0.28} ${2 * Math.PI * 34}`}
          strokeDashoffset={-2 * Math.PI * 34 * 0.72}
          transform="rotate(-90 60 62)"
        />
        <text x="60" y="67" textAnchor="middle" fill="white" fontSize="15" fontWeight="700">
          72%
        </text>
        <rect x="24" y="110" width="72" height="6" rx="3" fill="white" fillOpacity="0.3" />
      </g>
      {/* Bars card */}
      <g transform="translate(16 238)">
        <rect
          width="252"
          height="106"
          rx="16"
          fill="white"
          fillOpacity="0.06"
          stroke="white"
          strokeOpacity="0.14"
        />
        {BARS.map((h, i) => (
          <g key={h}>
            <rect x={24 + i * 36} y={88 - h} width="12" height={h} rx="3" fill="var(--color-chart-sky)" />
            <rect
              x={38 + i * 36}
              y={88 - h * 0.7}
              width="12"
              height={h * 0.7}
              rx="3"
              fill="var(--color-chart-orange)"
              fillOpacity="0.9"
            />
          </g>
        ))}
      </g>
      {/* A network of points: data joined up */}
      <g opacity="0.9">
        {NODES.slice(1).map(([x, y], i) => {
          const [px, py] = NODES[i] ?? NODES[0];
          return <line key={x} x1={px} y1={py} x2={x} y2={y} stroke="white" strokeOpacity="0.25" />;
        })}
        {NODES.map(([x, y], i) => (
          <circle
            key={x}
            cx={x}
            cy={y}
            r={i % 2 ? 4 : 6}
            fill={i % 2 ? 'white' : 'var(--color-accent-soft)'}
          />
        ))}
      </g>
    </svg>
  );
}
