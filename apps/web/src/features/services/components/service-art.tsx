/** Decorative hero art for each service page, drawn in code. */
export function ServiceArt({ kind }: { kind: 'bi' | 'ml' | 'strategy' }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 360 280" className="h-auto w-full max-w-[440px]">
      <rect
        x="0.5"
        y="0.5"
        width="359"
        height="279"
        rx="20"
        fill="white"
        fillOpacity="0.05"
        stroke="white"
        strokeOpacity="0.14"
      />
      {kind === 'bi' && (
        <g>
          {[70, 110, 150, 190, 230].map((x, i) => (
            <rect
              key={x}
              x={x - 12}
              y={220 - [60, 90, 75, 130, 160][i]!}
              width="24"
              height={[60, 90, 75, 130, 160][i]}
              rx="4"
              fill="var(--color-highlight)"
              fillOpacity={0.45 + i * 0.12}
            />
          ))}
          <polyline
            points="58,150 110,118 150,130 190,80 242,52 300,40"
            fill="none"
            stroke="var(--color-accent-soft)"
            strokeWidth="3"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
          <circle cx="300" cy="40" r="6" fill="var(--color-accent-soft)" />
          <line x1="40" x2="320" y1="221" y2="221" stroke="white" strokeOpacity="0.3" />
        </g>
      )}
      {kind === 'ml' && (
        <g>
          {[0, 1, 2].map((layer) =>
            [0, 1, 2, 3].slice(0, layer === 1 ? 4 : 3).map((n) => {
              const count = layer === 1 ? 4 : 3;
              const x = 80 + layer * 100;
              const y = 140 + (n - (count - 1) / 2) * 56;
              return (
                <g key={`${layer}-${n}`}>
                  {layer < 2 &&
                    [0, 1, 2, 3].slice(0, layer === 0 ? 4 : 3).map((m) => {
                      const nc = layer === 0 ? 4 : 3;
                      return (
                        <line
                          key={m}
                          x1={x}
                          y1={y}
                          x2={x + 100}
                          y2={140 + (m - (nc - 1) / 2) * 56}
                          stroke="white"
                          strokeOpacity="0.18"
                        />
                      );
                    })}
                  <circle
                    cx={x}
                    cy={y}
                    r="13"
                    fill={layer === 2 ? 'var(--color-accent-soft)' : 'var(--color-highlight)'}
                    fillOpacity={layer === 1 ? 0.7 : 1}
                  />
                </g>
              );
            }),
          )}
        </g>
      )}
      {kind === 'strategy' && (
        <g>
          <path
            d="M50 220 C 120 220, 110 140, 180 140 S 250 60, 310 60"
            fill="none"
            stroke="white"
            strokeOpacity="0.35"
            strokeWidth="3"
            strokeDasharray="8 8"
          />
          {[
            [50, 220],
            [180, 140],
            [310, 60],
          ].map(([x, y], i) => (
            <g key={x}>
              <circle
                cx={x}
                cy={y}
                r="18"
                fill={i === 2 ? 'var(--color-accent-soft)' : 'var(--color-highlight)'}
              />
              <text
                x={x}
                y={(y ?? 0) + 5}
                textAnchor="middle"
                fontSize="14"
                fontWeight="700"
                fill="var(--color-ink)"
              >
                {i + 1}
              </text>
            </g>
          ))}
        </g>
      )}
    </svg>
  );
}
