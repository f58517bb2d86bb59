export { chartScene } from './chart-scene';
export { seriesColour } from './colours';
export { formatValue } from './format';
export type { ChartScene, ScenePrimitive } from './scene';
export { sceneToSvg } from './svg';
export { monthLabel } from './text';
