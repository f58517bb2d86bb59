import { MESSAGES, PATHS } from '@insightra/contract/public';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { useSwitchingTo } from '../../../lib/organisations/switching';
import { dashboardAfterOnboarding, type RememberedLocation } from '../../../lib/remembered-location';
import { useSession } from '../../../lib/session/session-context';

export interface RouteGuardProps {
  /**
   * The member area's rule: no organisation or no sector → /onboarding (the organisation's own page needs
   * no sector); both and /onboarding → /dashboard.
   * Its pages remount when the active organisation changes, so none keeps the last one's state.
   */
  requireSector?: boolean;
  /** Administrator pages: anyone else goes to /access-denied. */
  requireAdmin?: boolean;
}

/**
 * The route guard of docs/PRODUCT.md#route-guard, one component for both protected areas. It is convenience only:
 * the server enforces every rule itself (docs/PRODUCT.md#roles-and-access).
 */
export function RouteGuard({ requireSector = false, requireAdmin = false }: RouteGuardProps) {
  const { status, user } = useSession();
  const switchingTo = useSwitchingTo();
  const location = useLocation();

  if (status === 'loading') {
    return <Spinner text={MESSAGES.other.loading} className="flex-1 py-24" />;
  }
  // The login page returns here after sign-in; onboarding keeps a dashboard link's query.
  const here: RememberedLocation = {
    from: { pathname: location.pathname, search: location.search, hash: location.hash },
  };
  if (status !== 'authenticated' || !user) return <Navigate to={PATHS.login} replace state={here} />;
  if (requireAdmin && user.role !== 'admin') return <Navigate to={PATHS.accessDenied} replace />;
  if (requireSector) {
    const onOnboarding = location.pathname === PATHS.onboarding;
    const ready = user.organisation !== null && user.sectorId !== null;
    // An organisation's page needs no sector: its members can still see who owns it, or leave.
    const allowed = ready || (user.organisation !== null && location.pathname === PATHS.organisation);
    if (!allowed && !onOnboarding) return <Navigate to={PATHS.onboarding} replace state={here} />;
    if (ready && onOnboarding) return <Navigate to={dashboardAfterOnboarding(location.state)} replace />;
    if (switchingTo !== null) {
      return (
        <Spinner
          text={switchingTo ? `Switching to ${switchingTo}...` : 'Switching organisation...'}
          className="flex-1 py-24"
        />
      );
    }
    return <Outlet key={user.organisation?.id ?? 'none'} />;
  }
  return <Outlet />;
}

/** The member area: signed in, in an organisation with a sector. */
export function MemberArea() {
  return <RouteGuard requireSector />;
}

/** The admin pages: signed in as an administrator; no sector needed (docs/PRODUCT.md#roles-and-access). */
export function AdminArea() {
  return <RouteGuard requireAdmin />;
}
