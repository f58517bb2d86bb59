import { ISSUE_STATUSES, type IssueStatus, PATHS } from '@insightra/contract';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title';
import { type AdminTab, AdminTabs, panelId, tabId } from '../components/admin-tabs';
import { BiSettingsWarning } from '../components/bi-settings-warning';
import { FailingSubscriptions } from '../components/failing-subscriptions';
import { IssueDetailModal } from '../components/issue-detail-modal';
import { IssuesPanel } from '../components/issues-panel';
import { OrganisationsPanel } from '../components/organisations-panel';
import { UsersPanel } from '../components/users-panel';
import type { ListSearch } from '../lib/list-search';

/** Where each tab lives: organisations at their own path, the others on the dashboard's. */
const TAB_PATHS: Record<AdminTab, string> = {
  users: PATHS.adminDashboard,
  organisations: PATHS.adminOrganisations,
  issues: `${PATHS.adminDashboard}?tab=issues`,
};

const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

/**
 * /admin-dashboard: users (search, cards, paging), organisations (at /admin-dashboard/organisations:
 * search, table, paging) and the issue-report inbox. The tab, search, page, filter and open report live
 * in the URL, so Back from a user's or an organisation's page returns to the same view.
 */
export function AdminDashboardPage() {
  usePageTitle('Admin Dashboard');
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const tab: AdminTab =
    pathname === PATHS.adminOrganisations
      ? 'organisations'
      : params.get('tab') === 'issues'
        ? 'issues'
        : 'users';
  const statusParam = params.get('status');
  const status = ISSUE_STATUSES.includes(statusParam as IssueStatus) ? (statusParam as IssueStatus) : null;
  const issueParam = params.get('issue');
  const openIssue = issueParam && positive(issueParam) === Number(issueParam) ? Number(issueParam) : null;

  const update = (entries: Record<string, string | number | null>, replace = false) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(entries)) {
          if (value === null || value === '' || (key === 'page' && value === 1)) next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      },
      { replace },
    );
  // A new search replaces the history entry; turning a page adds one.
  const search = ({ q, page }: ListSearch) => update({ q, page }, q !== (params.get('q') ?? ''));

  return (
    <div className="flex-1 bg-page">
      <div className="mx-auto flex w-full max-w-[1200px] flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
        <header>
          <h1 className="text-2xl font-semibold text-ink sm:text-3xl">Admin Dashboard</h1>
          <p className="mt-1 text-muted">Manage users and their reports</p>
        </header>
        <BiSettingsWarning />
        <FailingSubscriptions />
        <AdminTabs value={tab} onChange={(next) => navigate(TAB_PATHS[next])} />
        <div role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
          {tab === 'users' ? (
            <UsersPanel q={params.get('q') ?? ''} page={positive(params.get('page'))} onChange={search} />
          ) : tab === 'organisations' ? (
            <OrganisationsPanel
              q={params.get('q') ?? ''}
              page={positive(params.get('page'))}
              onChange={search}
            />
          ) : (
            <IssuesPanel
              status={status}
              page={positive(params.get('page'))}
              onChange={(next) => update({ status: next.status, page: next.page })}
              onOpen={(id) => update({ issue: id })}
            />
          )}
        </div>
      </div>
      {tab === 'issues' && <IssueDetailModal id={openIssue} onClose={() => update({ issue: null })} />}
    </div>
  );
}
