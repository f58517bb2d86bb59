import { PATHS } from '@insightra/contract';
import { Link, useNavigate } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { useSession } from '../lib/session/session-context';

/** The session-dependent end of the header: Dashboard and the user's actions, or Login. */
export function NavbarSessionActions() {
  const { status, logout } = useSession();
  const navigate = useNavigate();
  if (status !== 'authenticated') {
    return (
      <Link to={PATHS.login} className={buttonClasses('primary', 'sm')}>
        Login
      </Link>
    );
  }
  return (
    <div className="flex items-center gap-2">
      <Link to={PATHS.dashboard} className={buttonClasses('primary', 'sm')}>
        Dashboard
      </Link>
      <Link to={PATHS.profile} className={buttonClasses('ghost', 'sm')}>
        Profile
      </Link>
      <Link to={PATHS.reportIssue} className={buttonClasses('ghost', 'sm')}>
        Report Issue
      </Link>
      <button
        type="button"
        className={buttonClasses('ghost', 'sm')}
        onClick={() => {
          logout();
          navigate(PATHS.home);
        }}
      >
        Logout
      </button>
    </div>
  );
}

/** The mobile menu's session links: Dashboard, Profile and Logout, or Login. */
export function MobileSessionLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { status, logout } = useSession();
  if (status !== 'authenticated') {
    return (
      <li>
        <Link to={PATHS.login} onClick={onNavigate} className="block rounded-md px-3 py-2 font-medium">
          Login
        </Link>
      </li>
    );
  }
  return (
    <>
      <li>
        <Link to={PATHS.dashboard} onClick={onNavigate} className="block rounded-md px-3 py-2 font-medium">
          Dashboard
        </Link>
      </li>
      <li>
        <Link to={PATHS.profile} onClick={onNavigate} className="block rounded-md px-3 py-2 font-medium">
          Profile
        </Link>
      </li>
      <li>
        <button
          type="button"
          onClick={() => {
            logout();
            onNavigate?.();
          }}
          className="block w-full rounded-md px-3 py-2 text-left font-medium"
        >
          Logout
        </button>
      </li>
    </>
  );
}
