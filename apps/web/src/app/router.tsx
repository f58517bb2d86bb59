import { INDUSTRIES, PATHS } from '@insightra/contract/public';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AdminArea, MemberArea } from '../features/auth/components/route-guard';
import { AccessDeniedPage } from '../features/errors/pages/access-denied-page';
import { NotFoundPage } from '../features/errors/pages/not-found-page';
// The landing page is where most visitors arrive: bundled with the shell so it paints without a second
// round trip (bench/web.mjs, docs/performance/web.md). It holds no chart or dashboard code.
import { LandingPage } from '../features/landing/pages/landing-page';
import { RootLayout } from './root-layout';

/** Lazily loads one page component, so each route ships only its own code. */
const page =
  <M,>(load: () => Promise<M>, pick: (m: M) => React.ComponentType) =>
  async () => ({ Component: pick(await load()) });

const publicRoutes: RouteObject[] = [
  { index: true, Component: LandingPage },
  {
    path: PATHS.bi,
    lazy: page(
      () => import('../features/services/pages/bi-page'),
      (m) => m.BiPage,
    ),
  },
  {
    path: PATHS.ml,
    lazy: page(
      () => import('../features/services/pages/ml-page'),
      (m) => m.MlPage,
    ),
  },
  {
    path: PATHS.strategy,
    lazy: page(
      () => import('../features/services/pages/strategy-page'),
      (m) => m.StrategyPage,
    ),
  },
  {
    path: PATHS.lineChart,
    lazy: page(
      () => import('../features/charts/pages/line-chart-page'),
      (m) => m.LineChartPage,
    ),
  },
  {
    path: PATHS.columnsChart,
    lazy: page(
      () => import('../features/charts/pages/columns-chart-page'),
      (m) => m.ColumnsChartPage,
    ),
  },
  {
    path: PATHS.donutChart,
    lazy: page(
      () => import('../features/charts/pages/donut-chart-page'),
      (m) => m.DonutChartPage,
    ),
  },
  {
    path: PATHS.login,
    lazy: page(
      () => import('../features/auth/pages/login-page'),
      (m) => m.LoginPage,
    ),
  },
  {
    path: PATHS.reportIssue,
    lazy: page(
      () => import('../features/issues/pages/report-issue-page'),
      (m) => m.ReportIssuePage,
    ),
  },
  {
    path: PATHS.invite,
    lazy: page(
      () => import('../features/organisations/pages/invite-page'),
      (m) => m.InvitePage,
    ),
  },
  {
    path: PATHS.unsubscribe,
    lazy: page(
      () => import('../features/subscriptions/pages/unsubscribe-page'),
      (m) => m.UnsubscribePage,
    ),
  },
  {
    path: PATHS.verifyEmail,
    lazy: page(
      () => import('../features/account/pages/verify-email-page'),
      (m) => m.VerifyEmailPage,
    ),
  },
  {
    path: PATHS.forgotPassword,
    lazy: page(
      () => import('../features/account/pages/forgot-password-page'),
      (m) => m.ForgotPasswordPage,
    ),
  },
  {
    path: PATHS.resetPassword,
    lazy: page(
      () => import('../features/account/pages/reset-password-page'),
      (m) => m.ResetPasswordPage,
    ),
  },
  { path: PATHS.accessDenied, Component: AccessDeniedPage },
];

/** Signed-in member area (route guard: accounts). */
const memberRoutes: RouteObject[] = [
  {
    path: PATHS.onboarding,
    lazy: page(
      () => import('../features/onboarding/pages/onboarding-page'),
      (m) => m.OnboardingPage,
    ),
  },
  {
    path: PATHS.dashboard,
    lazy: page(
      () => import('../features/dashboard/pages/dashboard-page'),
      (m) => m.DashboardPage,
    ),
  },
  {
    path: PATHS.activity,
    lazy: page(
      () => import('../features/activity/pages/activity-page'),
      (m) => m.ActivityPage,
    ),
  },
  {
    path: PATHS.profile,
    lazy: page(
      () => import('../features/profile/pages/profile-page'),
      (m) => m.ProfilePage,
    ),
  },
  {
    path: PATHS.organisation,
    lazy: page(
      () => import('../features/organisations/pages/organisation-page'),
      (m) => m.OrganisationPage,
    ),
  },
  {
    path: PATHS.subscriptions,
    lazy: page(
      () => import('../features/subscriptions/pages/subscriptions-page'),
      (m) => m.SubscriptionsPage,
    ),
  },
  {
    path: '/automobile',
    lazy: page(
      () => import('../features/sectors/pages/automobile-page'),
      (m) => m.AutomobilePage,
    ),
  },
  ...INDUSTRIES.filter((i) => i.slug !== 'automobile').map((i) => ({
    path: PATHS.sector(i.slug),
    lazy: page(
      () => import('../features/sectors/pages/sector-report-page'),
      (m) => m.SectorReportPage,
    ),
  })),
];

const adminRoutes: RouteObject[] = [
  {
    path: PATHS.adminDashboard,
    lazy: page(
      () => import('../features/admin/pages/admin-dashboard-page'),
      (m) => m.AdminDashboardPage,
    ),
  },
  {
    path: PATHS.adminUser,
    lazy: page(
      () => import('../features/admin/pages/admin-user-page'),
      (m) => m.AdminUserPage,
    ),
  },
  {
    path: PATHS.adminOrganisations,
    lazy: page(
      () => import('../features/admin/pages/admin-dashboard-page'),
      (m) => m.AdminDashboardPage,
    ),
  },
  {
    path: PATHS.adminOrganisation,
    lazy: page(
      () => import('../features/admin/pages/admin-organisation-page'),
      (m) => m.AdminOrganisationPage,
    ),
  },
];

export const routes: RouteObject[] = [
  // The report frame's page stands alone: no navigation bar, footer or toasts inside the frame.
  {
    path: PATHS.embed,
    lazy: page(
      () => import('../features/embed/pages/embed-page'),
      (m) => m.EmbedPage,
    ),
  },
  {
    path: '/',
    Component: RootLayout,
    // No errorElement: the router's default error page ('Unexpected Application Error!') is the spec's.
    children: [
      ...publicRoutes,
      { Component: MemberArea, children: memberRoutes },
      { Component: AdminArea, children: adminRoutes },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
