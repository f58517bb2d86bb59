import type { ChartScene, ScenePrimitive } from '@insightra/contract';

/** One primitive of a scene as an SVG element; a mark's label is its hover tooltip. */
function Primitive({ p }: { p: ScenePrimitive }) {
  switch (p.kind) {
    case 'rect':
      return (
        <rect x={p.x} y={p.y} width={p.width} height={p.height} fill={p.fill}>
          {p.label === undefined ? null : <title>{p.label}</title>}
        </rect>
      );
    case 'line':
      return (
        <line
          x1={p.x1}
          y1={p.y1}
          x2={p.x2}
          y2={p.y2}
          stroke={p.stroke}
          strokeWidth={p.width}
          strokeDasharray={p.dash?.join(' ')}
        />
      );
    case 'path':
      return (
        <path
          d={p.d}
          fill={p.fill ?? 'none'}
          stroke={p.stroke ?? 'none'}
          strokeWidth={p.stroke === null ? undefined : p.width}
          strokeLinejoin={p.fill === null ? 'round' : undefined}
          strokeLinecap={p.fill === null ? 'round' : undefined}
        >
          {p.label === undefined ? null : <title>{p.label}</title>}
        </path>
      );
    case 'text':
      return (
        <text
          x={p.x}
          y={p.y}
          fontSize={p.size}
          fill={p.fill}
          textAnchor={p.anchor}
          fontWeight={p.weight}
          dominantBaseline={p.baseline}
        >
          {p.text}
        </text>
      );
  }
}

/**
 * A chart scene (the description the PDF, PNG and e-mail draw too) as inline SVG, as wide as its
 * container, in the page's typeface. To assistive technology it is one picture with a name; its figures are in the data table
 * beside it.
 */
export function SceneChart({ scene, ariaLabel }: { scene: ChartScene; ariaLabel: string }) {
  return (
    <svg
      role="img"
      aria-label={ariaLabel}
      viewBox={`0 0 ${scene.width} ${scene.height}`}
      width="100%"
      className="block h-auto font-sans"
    >
      <rect x={0} y={0} width={scene.width} height={scene.height} fill={scene.background} />
      {scene.primitives.map((p, i) => (
        // A scene is drawn whole from its description each time: a primitive's place is its identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Primitive key={i} p={p} />
      ))}
    </svg>
  );
}
