import { PATHS } from '@insightra/contract';
import { FileText, Home, LogOut, RefreshCw, TriangleAlert } from 'lucide-react';
import { useNavigate } from 'react-router';
import { OrganisationSwitcher } from '../../../components/organisation/organisation-switcher';
import { usePermittedControl } from '../../../components/organisation/permitted-control';
import { Button } from '../../../components/ui/button';
import { useSession } from '../../../lib/session/session-context';
import { UploadControls } from './upload/upload-controls';

export interface DashboardTopbarProps {
  refreshLabel: string;
  refreshDisabled: boolean;
  refreshing: boolean;
  onRefresh: () => void;
}

const icon = (Icon: typeof Home) => <Icon aria-hidden="true" className="size-4" />;

/** On phones the secondary actions show their icon only; the label stays as the accessible name. */
const Label = ({ children }: { children: string }) => (
  <span className="sr-only sm:not-sr-only">{children}</span>
);

/** The dashboard's action bar (docs/PRODUCT.md#dashboard), wrapping onto more lines on narrow screens. */
export function DashboardTopbar({
  refreshLabel,
  refreshDisabled,
  refreshing,
  onRefresh,
}: DashboardTopbarProps) {
  const navigate = useNavigate();
  const { logout } = useSession();
  const refresh = usePermittedControl('refresh.start');
  return (
    <div role="toolbar" aria-label="Dashboard actions" className="flex flex-wrap items-center gap-2">
      <OrganisationSwitcher className="max-w-full sm:max-w-xs" />
      <Button variant="ghost" size="sm" icon={icon(Home)} onClick={() => navigate(PATHS.home)}>
        <Label>Back to Home</Label>
      </Button>
      <UploadControls />
      <Button
        size="sm"
        icon={<RefreshCw aria-hidden="true" className={`size-4 ${refreshing ? 'animate-spin' : ''}`} />}
        disabled={refreshDisabled}
        onClick={onRefresh}
        {...refresh.props}
      >
        {refreshLabel}
      </Button>
      {refresh.note}
      <Button variant="secondary" size="sm" icon={icon(FileText)} onClick={() => navigate(PATHS.activity)}>
        <Label>Activity Logs</Label>
      </Button>
      <Button
        variant="secondary"
        size="sm"
        icon={icon(TriangleAlert)}
        onClick={() => navigate(PATHS.reportIssue)}
      >
        <Label>Report Issue</Label>
      </Button>
      <Button
        variant="ghost"
        size="sm"
        icon={icon(LogOut)}
        onClick={() => {
          logout();
          navigate(PATHS.login);
        }}
      >
        <Label>Logout</Label>
      </Button>
    </div>
  );
}
