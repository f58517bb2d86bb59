/** The web app's route table (docs/PRODUCT.md#web-routes). Paths are used by the router, links and the server's tests. */
export const PATHS = {
  home: '/',
  bi: '/bi',
  ml: '/ml',
  strategy: '/strategy',
  lineChart: '/linechart',
  columnsChart: '/2dcolumns',
  donutChart: '/donutchart',
  login: '/login',
  reportIssue: '/report-issue',
  accessDenied: '/access-denied',
  onboarding: '/onboarding',
  dashboard: '/dashboard',
  activity: '/activity',
  profile: '/profile',
  organisation: '/organisation',
  subscriptions: '/subscriptions',
  invite: '/invite/:token',
  unsubscribe: '/unsubscribe/:token',
  verifyEmail: '/verify-email/:token',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password/:token',
  adminDashboard: '/admin-dashboard',
  adminUser: '/admin-dashboard/users/:userId',
  adminOrganisations: '/admin-dashboard/organisations',
  adminOrganisation: '/admin-dashboard/organisations/:organisationId',
  embed: '/embed/:reportUuid',
  sector: (slug: string) => `/${slug}`,
  adminUserOf: (userId: number | string) => `/admin-dashboard/users/${userId}`,
  adminOrganisationOf: (organisationId: number | string) =>
    `/admin-dashboard/organisations/${organisationId}`,
  embedOf: (reportUuid: string) => `/embed/${reportUuid}`,
  inviteOf: (token: string) => `/invite/${encodeURIComponent(token)}`,
  unsubscribeOf: (token: string) => `/unsubscribe/${encodeURIComponent(token)}`,
  verifyEmailOf: (token: string) => `/verify-email/${encodeURIComponent(token)}`,
  resetPasswordOf: (token: string) => `/reset-password/${encodeURIComponent(token)}`,
} as const;

/** Routes on which the site navigation bar is hidden (docs/PRODUCT.md#web-routes). */
export const NAVBAR_HIDDEN_PATHS: readonly string[] = [
  '/login',
  '/dashboard',
  '/activity',
  '/profile',
  '/onboarding',
  '/organisation',
  '/subscriptions',
];

/** Landing page sections, in order, with their header labels. */
export const LANDING_SECTIONS = [
  { id: 'home', label: 'Home' },
  { id: 'who-we-are', label: 'Who We Are' },
  { id: 'team', label: 'Team' },
  { id: 'solutions', label: 'Solutions' },
  { id: 'testimonials', label: 'Testimonials' },
  { id: 'contact', label: 'Contact' },
] as const;
