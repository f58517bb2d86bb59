import { PATHS } from '@insightra/contract/public';

/** Where a redirect of the member area came from, kept in the router's state. */
export interface RememberedLocation {
  from?: { pathname: string; search?: string; hash?: string };
}

/**
 * Where onboarding ends: the dashboard, with the query of a dashboard link that onboarding interrupted
 * (`/dashboard?report={id}`, a subscription e-mail's link), so that the link is still followed.
 */
export function dashboardAfterOnboarding(state: unknown): string {
  const from = (state as RememberedLocation | null)?.from;
  return from?.pathname === PATHS.dashboard ? `${PATHS.dashboard}${from.search ?? ''}` : PATHS.dashboard;
}
