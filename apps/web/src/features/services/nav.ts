import { PATHS } from '@insightra/contract/public';

/**
 * The header links of the three service pages (docs/PRODUCT.md#service-pages), with their section ids. Data only: the
 * navigation bar imports it, so it must stay free of page code.
 */
export const SERVICE_NAV = {
  [PATHS.bi]: [
    { id: 'overview', label: 'Overview' },
    { id: 'services', label: 'Services' },
    { id: 'process', label: 'Process' },
    { id: 'technologies', label: 'Technologies' },
    { id: 'gallery', label: 'Gallery' },
  ],
  [PATHS.ml]: [
    { id: 'ml-overview', label: 'Overview' },
    { id: 'ml-services', label: 'Services' },
    { id: 'ml-process', label: 'Process' },
    { id: 'ml-technologies', label: 'Technologies' },
    { id: 'ml-use-cases', label: 'Use Cases' },
  ],
  [PATHS.strategy]: [
    { id: 'strategy-overview', label: 'Overview' },
    { id: 'strategy-services', label: 'Services' },
    { id: 'strategy-process', label: 'Process' },
    { id: 'strategy-frameworks', label: 'Frameworks' },
    { id: 'strategy-case-studies', label: 'Case Studies' },
  ],
} as const satisfies Record<string, readonly { id: string; label: string }[]>;

export type ServicePath = keyof typeof SERVICE_NAV;
