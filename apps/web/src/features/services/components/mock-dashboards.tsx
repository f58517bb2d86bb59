import type { GradesRow, SubmissionsRow } from '@insightra/contract';

/** Small SVG dashboards drawn from the demo data, for the BI gallery. Figures in the India locale. */
const fmt = (n: number) => n.toLocaleString('en-IN');

function Frame({
  title,
  kpi,
  kpiLabel,
  children,
}: {
  title: string;
  kpi: string;
  kpiLabel: string;
  children: React.ReactNode;
}) {
  return (
    <g>
      <rect width="400" height="260" rx="14" fill="white" />
      <rect x="0.5" y="0.5" width="399" height="259" rx="13.5" fill="none" stroke="var(--color-line)" />
      <text x="20" y="32" fontSize="13" fontWeight="600" fill="var(--color-ink)">
        {title}
      </text>
      <text x="380" y="32" fontSize="18" fontWeight="700" fill="var(--color-brand)" textAnchor="end">
        {kpi}
      </text>
      <text x="380" y="48" fontSize="10" fill="var(--color-muted)" textAnchor="end">
        {kpiLabel}
      </text>
      {children}
    </g>
  );
}

export function VisitorsDashboard({ series }: { series: readonly { month: string; visitors: number }[] }) {
  const max = Math.max(...series.map((s) => s.visitors));
  const min = Math.min(...series.map((s) => s.visitors)) * 0.8;
  const x = (i: number) => 40 + (i * 330) / (series.length - 1);
  const y = (v: number) => 220 - ((v - min) / (max - min)) * 140;
  const pts = series.map((s, i) => `${x(i)},${y(s.visitors)}`).join(' ');
  const total = series.reduce((n, s) => n + s.visitors, 0);
  return (
    <svg
      viewBox="0 0 400 260"
      role="img"
      aria-label={`Line chart of store visitors, ${series.map((s) => `${s.month} ${fmt(s.visitors)}`).join(', ')}`}
      className="h-auto w-full"
    >
      <Frame title="Store visitors" kpi={fmt(total)} kpiLabel="total, six months">
        {[80, 150, 220].map((gy) => (
          <line key={gy} x1="40" x2="370" y1={gy} y2={gy} stroke="var(--color-line)" />
        ))}
        <polygon points={`40,220 ${pts} 370,220`} fill="var(--color-chart-blue)" opacity="0.12" />
        <polyline
          points={pts}
          fill="none"
          stroke="var(--color-chart-blue)"
          strokeWidth="2.5"
          strokeLinejoin="round"
        />
        {series.map((s, i) => (
          <g key={s.month}>
            <circle cx={x(i)} cy={y(s.visitors)} r="3.5" fill="var(--color-chart-blue)" />
            <text x={x(i)} y="240" fontSize="10" textAnchor="middle" fill="var(--color-muted)">
              {s.month.slice(0, 3)}
            </text>
          </g>
        ))}
      </Frame>
    </svg>
  );
}

export function GradesDashboard({ rows }: { rows: GradesRow[] }) {
  const max = Math.max(1, ...rows.flatMap((r) => [r.female_count, r.male_count]));
  const band = 330 / Math.max(rows.length, 1);
  const bw = Math.min(14, band / 2.6);
  const h = (v: number) => (v / max) * 140;
  const female = rows.reduce((n, r) => n + r.female_count, 0);
  const male = rows.reduce((n, r) => n + r.male_count, 0);
  return (
    <svg
      viewBox="0 0 400 260"
      role="img"
      aria-label={`Grouped bar chart of students by grade: ${fmt(female)} female and ${fmt(male)} male`}
      className="h-auto w-full"
    >
      <Frame title="Students by grade and gender" kpi={fmt(female + male)} kpiLabel="students">
        <rect x="20" y="50" width="8" height="8" fill="var(--color-chart-blue)" />
        <text x="32" y="58" fontSize="10" fill="var(--color-ink)">
          Female
        </text>
        <rect x="80" y="50" width="8" height="8" fill="var(--color-chart-orange)" />
        <text x="92" y="58" fontSize="10" fill="var(--color-ink)">
          Male
        </text>
        <line x1="40" x2="370" y1="222" y2="222" stroke="var(--color-line)" />
        {rows.map((r, i) => {
          const cx = 40 + i * band + band / 2;
          return (
            <g key={r.grade}>
              <rect
                x={cx - bw - 1}
                y={222 - h(r.female_count)}
                width={bw}
                height={h(r.female_count)}
                rx="2"
                fill="var(--color-chart-blue)"
              />
              <rect
                x={cx + 1}
                y={222 - h(r.male_count)}
                width={bw}
                height={h(r.male_count)}
                rx="2"
                fill="var(--color-chart-orange)"
              />
              <text x={cx} y="240" fontSize="9" textAnchor="middle" fill="var(--color-muted)">
                {r.grade.replace(/^\D+/, '') || r.grade}
              </text>
            </g>
          );
        })}
      </Frame>
    </svg>
  );
}

export function SubmissionsDashboard({ rows }: { rows: SubmissionsRow[] }) {
  const yes = rows.find((r) => r.status === 'Yes')?.count ?? 0;
  const no = rows.find((r) => r.status === 'No')?.count ?? 0;
  const total = yes + no;
  const share = total ? yes / total : 0;
  const r = 62;
  const c = 2 * Math.PI * r;
  const pct = (n: number) => `${total ? ((n / total) * 100).toFixed(1) : '0.0'}%`;
  return (
    <svg
      viewBox="0 0 400 260"
      role="img"
      aria-label={`Donut chart of project submissions: ${pct(yes)} submitted, ${pct(no)} not submitted`}
      className="h-auto w-full"
    >
      <Frame title="Project submissions" kpi={pct(yes)} kpiLabel="submission rate">
        <g transform="translate(120 148)">
          <circle r={r} fill="none" stroke="var(--color-chart-vermillion)" strokeWidth="26" />
          <circle
            r={r}
            fill="none"
            stroke="var(--color-chart-green)"
            strokeWidth="26"
            strokeDasharray={`${c * share} ${c}`}
            transform="rotate(-90)"
          />
          <text y="4" fontSize="16" fontWeight="700" textAnchor="middle" fill="var(--color-ink)">
            {fmt(total)}
          </text>
          <text y="20" fontSize="9" textAnchor="middle" fill="var(--color-muted)">
            projects
          </text>
        </g>
        <rect x="230" y="120" width="10" height="10" fill="var(--color-chart-green)" />
        <text x="246" y="129" fontSize="11" fill="var(--color-ink)">
          Submitted {fmt(yes)}
        </text>
        <rect x="230" y="150" width="10" height="10" fill="var(--color-chart-vermillion)" />
        <text x="246" y="159" fontSize="11" fill="var(--color-ink)">
          Not Submitted {fmt(no)}
        </text>
      </Frame>
    </svg>
  );
}
