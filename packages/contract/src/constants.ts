/** Business constants of docs/PRODUCT.md#constants-and-limits, shared by server and web. */

export const SITE_NAME_DEFAULT = 'Insightra';

/** The dashboard's report providers, and how Power BI reports are embedded (BI_PROVIDER, POWERBI_EMBED_MODE). */
export const BI_PROVIDERS = ['builtin', 'powerbi'] as const;
export const EMBED_MODES = ['embed-token', 'secure-embed'] as const;

export const TIERS = ['Beta', 'Alpha', 'Alpha+'] as const;
export type Tier = (typeof TIERS)[number];
export const DEFAULT_TIER: Tier = 'Beta';

export const INDUSTRIES = [
  { name: 'Education', slug: 'education' },
  { name: 'Automobile', slug: 'automobile' },
  { name: 'Real-Estate', slug: 'real-estate' },
  { name: 'Healthcare', slug: 'healthcare' },
  { name: 'Retail', slug: 'retail' },
  { name: 'Hotels', slug: 'hotels' },
] as const;
export type IndustryName = (typeof INDUSTRIES)[number]['name'];
export type IndustrySlug = (typeof INDUSTRIES)[number]['slug'];

export const ISSUE_TYPES = ['Login Error', 'Bug', 'Feature Request', 'Other'] as const;
export type IssueType = (typeof ISSUE_TYPES)[number];
export const DEFAULT_ISSUE_TYPE: IssueType = 'Bug';

export const ROLES = ['member', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const LIMITS = {
  passwordMin: 6,
  usernameMin: 3,
  fullNameMin: 2,
  dashboardHeaderMax: 255,
  /** Generous upper bounds that keep stored text sane; docs/PRODUCT.md sets only the minimums. */
  usernameMax: 50,
  fullNameMax: 100,
  emailMax: 254,
  passwordMax: 200,
  reportTypeMax: 100,
  reportUuidMax: 100,
  issueSubjectMax: 200,
  issueDescriptionMax: 5000,
  issueNameMax: 100,
  screenshotMaxBytes: 5 * 1024 * 1024,
} as const;

export const DEFAULT_DASHBOARD_HEADER = 'Academic Analytics';

export const TIMINGS = {
  toastDefaultMs: 3000,
  logoutToastMs: 1500,
  fileSelectedHintMs: 2000,
  fileSelectedLongHintMs: 6000,
  adminToastExitMs: 300,
  refreshPollMs: 30_000,
  refreshMaxAttempts: 60,
  undockClosedCheckMs: 1000,
  sampleReportFailureDelayMs: 1000,
  donutAnimationMs: 2000,
  automobileDonutAnimationMs: 1200,
} as const;

export const LAYOUT = {
  scrollOffsetPx: 45,
  fadeInThreshold: 0.1,
  sidebarBreakpointPx: 768,
  undockWidth: 1200,
  undockHeight: 800,
  donutCutout: '60%',
} as const;

export const DEFAULT_REFRESH_ESTIMATE = '5-10 minutes';

export const SUCCESS_RATE_BANDS = { high: 90, medium: 70 } as const;
export type SuccessRateBand = 'high' | 'medium' | 'low';
export function successRateBand(rate: number): SuccessRateBand {
  if (rate >= SUCCESS_RATE_BANDS.high) return 'high';
  if (rate >= SUCCESS_RATE_BANDS.medium) return 'medium';
  return 'low';
}

export const STORAGE_KEYS = {
  token: 'token',
  selectedTier: 'dashboard-selected-tier',
  sidebarCollapsed: 'dashboard-sidebar-collapsed',
  selectedTab: (tier: Tier) => `dashboard-selected-tab-${tier}`,
  dockState: (tier: Tier) => `dock-state-${tier}`,
} as const;

/** The largest upload when UPLOAD_MAX_MB is not configured. */
export const DEFAULT_UPLOAD_MAX_MB = 50;

export const UPLOAD_EXTENSIONS = ['.xlsx', '.xls', '.csv'] as const;
export const UPLOAD_FIELD = 'excelFile';

export const TOAST_TYPES = ['info', 'success', 'error', 'warning'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

export const REFRESH_STATES = ['starting', 'in_progress', 'refreshing', 'completed', 'failed'] as const;
export type RefreshState = (typeof REFRESH_STATES)[number];

export const HEALTH_STATES = ['checking', 'healthy', 'unhealthy'] as const;
export type HealthState = (typeof HEALTH_STATES)[number];

/** Line chart of docs/PRODUCT.md#demo-charts: the one fixed demo series. */
export const STORE_VISITORS = [
  { month: 'April 2025', visitors: 2340 },
  { month: 'May 2025', visitors: 2680 },
  { month: 'June 2025', visitors: 3120 },
  { month: 'July 2025', visitors: 3450 },
  { month: 'August 2025', visitors: 3280 },
  { month: 'September 2025', visitors: 2890 },
] as const;

export const MARKETING_CLAIMS = [
  { value: '10+', label: 'projects completed' },
  { value: '98%', label: 'client satisfaction' },
  { value: '15+', label: 'industries explored' },
] as const;

/** Contact details used when SALES_EMAIL, SALES_PHONE and OFFICE_ADDRESS are not configured. */
export const DEFAULT_CONTACT = {
  salesEmail: 'sales@insightra.in',
  salesPhone: '+91 22 4000 5000',
  officeAddress: 'Level 9, Bandra Kurla Complex, Mumbai 400051, India',
} as const;
